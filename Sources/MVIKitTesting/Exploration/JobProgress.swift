/// How far one schedule has got with a job: plain values, so that copying a world to branch
/// copies its progress without a retain, and weighing the choices at each step of a search
/// reads no generic value.
@usableFromInline
struct JobProgress {
  @usableFromInline var delivered = 0
  @usableFromInline var isCancelled = false
  /// Whether the job's work has yet to run: only while the step that started it runs.
  @usableFromInline var awaitsWork: Bool

  @inlinable init(awaitsWork: Bool) {
    self.awaitsWork = awaitsWork
  }
}
