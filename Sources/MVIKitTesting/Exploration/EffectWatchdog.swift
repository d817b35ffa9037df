import MVIKit

/// Stops an exploration whose effect does not finish: the explorer runs each effect's work to
/// its end, so a dependency that never returns would hang the test instead of failing it.
final class EffectWatchdog: Sendable {
  let timeout: Duration
  /// When the effect running now started; nil between effects.
  private let started = Locked<ContinuousClock.Instant?>(nil)

  @TaskLocal static var current: EffectWatchdog?

  init(timeout: Duration) {
    self.timeout = timeout
  }

  func effectStarted() { started.withLock { $0 = .now } }
  func effectEnded() { started.withLock { $0 = nil } }

  /// Runs `exploration`; cancels it when one effect runs longer than `timeout`.
  static func run(timeout: Duration, _ exploration: @escaping @MainActor @Sendable () async -> Void)
    async
  {
    let watchdog = EffectWatchdog(timeout: timeout)
    // Bound around the group, so that the exploration's child task sees it.
    await EffectWatchdog.$current.withValue(watchdog) {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await exploration() }
        group.addTask { await watchdog.watch() }
        // The exploration ended, or an effect overran: stop the other child either way.
        await group.next()
        group.cancelAll()
      }
    }
  }

  /// Returns when an effect has run longer than the timeout, or once cancelled.
  private func watch() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: min(timeout, .milliseconds(100)))
      if let start = started.withLock({ $0 }), ContinuousClock.now - start > timeout { return }
    }
  }
}
