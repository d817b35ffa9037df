/// When a job's deliveries may come: fixed once the step that started the job ends, and then
/// shared, as the jobs are, by every world copied from the one that started it.
@usableFromInline
struct JobSchedule {
  /// The jobs that must finish first: the earlier step of a concatenation.
  @usableFromInline let after: [Int]
  /// When each of the job's deliveries is due, if at a time: when it was sent after a sleep on
  /// an ``ExplorationClock``, or when the steps before it finished.
  @usableFromInline var dues: [Duration?]

  @usableFromInline init(after: [Int], dues: [Duration?]) {
    self.after = after
    self.dues = dues
  }
}
