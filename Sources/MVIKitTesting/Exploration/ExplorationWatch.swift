/// Abandons the work an exploration waits on once it runs past its timeout.
///
/// One poller per exploration, rather than a timer per effect: a timer for each effect made the
/// explorer a sixth slower. The explorer waits on one effect at a time, so one deadline does.
@usableFromInline @MainActor
final class ExplorationWatch {
  @usableFromInline @TaskLocal static var current: ExplorationWatch?
  /// How long the poller sleeps between looks.
  static let period = Duration.milliseconds(5)
  /// How much later than its period a look may come before the wait counts as a stall.
  static let stallAllowance = Duration.milliseconds(50)

  /// When the work waited on now is abandoned, and how; nil while nothing is waited on.
  @usableFromInline var due: (deadline: ContinuousClock.Instant, abandon: () -> Void)?
  /// When the poller last looked.
  private var polled = ContinuousClock.now
  /// Where the exploration runs the work of its effects.
  @usableFromInline let executor = ExplorationExecutor()
  /// What runs the work of the exploration's runs: made by the first run, and again after a
  /// run was abandoned.
  @usableFromInline var runner: ExplorationRunner?

  /// Runs `exploration` with a watch of its own, polled until the exploration ends.
  @usableFromInline static func polling<T>(_ exploration: () async -> T) async -> T {
    let watch = ExplorationWatch()
    let poller = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: period)
        watch.look(at: .now)
      }
    }
    defer {
      poller.cancel()
      // The runner's end is a job for the executor, which the pool then runs.
      watch.runner?.close()
      watch.executor.close()
    }
    return await $current.withValue(watch) { await exploration() }
  }

  /// The poller's look at `now`: abandons the work past its deadline.
  func look(at now: ContinuousClock.Instant) {
    // A look that came late by more than the allowance means the poller did not get the main
    // actor (something else held it, or the machine was busy): the work waited for it as
    // well, so that time does not count against the work.
    let stalled = now - polled - Self.period
    polled = now
    if stalled > Self.stallAllowance { due?.deadline += stalled }
    // Abandoning twice changes nothing, so it may come again until the explorer, resumed,
    // takes the deadline back.
    if let due, now >= due.deadline { due.abandon() }
  }
}
