/// How far one schedule has got with a job: plain values, so that copying a world to branch
/// copies its progress without a retain, and weighing the choices at each step of a search
/// reads no generic value, and no array of the job's schedule unless the job waits for others
/// or delivers at a time.
@usableFromInline
struct JobProgress {
  @usableFromInline var delivered = 0
  /// How many deliveries the job makes: its schedule's `dues.count`, kept here so that telling
  /// whether the job is finished reads no array.
  @usableFromInline var deliveries: Int
  @usableFromInline var isCancelled = false
  /// Whether the job's work has yet to run: only while the step that started it runs.
  @usableFromInline var awaitsWork: Bool
  /// Whether the job waits for other jobs to finish (the rest of a concatenation).
  @usableFromInline let waitsForOthers: Bool
  /// Whether a delivery of the job is due at a time (an exploration clock's sleep).
  @usableFromInline var isTimed: Bool

  @inlinable init(schedule: JobSchedule, awaitsWork: Bool) {
    self.awaitsWork = awaitsWork
    deliveries = schedule.dues.count
    waitsForOthers = !schedule.after.isEmpty
    isTimed = schedule.dues.contains { $0 != nil }
  }
}
