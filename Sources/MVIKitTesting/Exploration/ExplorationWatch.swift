/// Abandons the work an exploration waits on once it runs past its timeout.
///
/// One poller per exploration, rather than a timer per effect: a timer for each effect made the
/// explorer a sixth slower. The explorer waits on one effect at a time, so one deadline does.
@MainActor
final class ExplorationWatch {
  @TaskLocal static var current: ExplorationWatch?
  /// When the work waited on now is abandoned, and how; nil while nothing is waited on.
  var due: (deadline: ContinuousClock.Instant, abandon: () -> Void)?

  /// Runs `exploration` with a watch of its own, polled until the exploration ends.
  static func polling<T>(_ exploration: () async -> T) async -> T {
    let watch = ExplorationWatch()
    let poller = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(5))
        // Abandoning twice changes nothing, so it may come again until the explorer, resumed,
        // takes the deadline back.
        if let due = watch.due, .now >= due.deadline { due.abandon() }
      }
    }
    defer { poller.cancel() }
    return await $current.withValue(watch) { await exploration() }
  }
}
