import MVIKit

/// Abandons work the explorer waits on once it runs past its timeout. One task watches the
/// work of every exploration running, so that no effect needs a timer of its own; it ends when
/// nothing is watched.
final class ExplorationWatchdog: Sendable {
  static let shared = ExplorationWatchdog()

  private struct Watched {
    let deadline: ContinuousClock.Instant
    let abandon: @Sendable () -> Void
  }

  private struct Watching {
    var watched: [Int: Watched] = [:]
    var lastToken = 0
    var isRunning = false
  }

  private let watching = Locked(Watching())

  /// Calls `abandon` at `deadline` unless ``stopWatching(_:)`` is called first with the token.
  func watch(until deadline: ContinuousClock.Instant, abandon: @escaping @Sendable () -> Void)
    -> Int
  {
    let work = Watched(deadline: deadline, abandon: abandon)
    let (token, start) = watching.withLock { watching in
      watching.lastToken += 1
      watching.watched[watching.lastToken] = work
      defer { watching.isRunning = true }
      return (watching.lastToken, !watching.isRunning)
    }
    if start { Task.detached { await self.run() } }
    return token
  }

  func stopWatching(_ token: Int) {
    watching.withLock { _ = $0.watched.removeValue(forKey: token) }
  }

  private func run() async {
    var isWatching = true
    while isWatching {
      try? await Task.sleep(for: .milliseconds(5))
      let now = ContinuousClock.now
      let overrun = watching.withLock { watching in
        let due = watching.watched.filter { $0.value.deadline <= now }
        for token in due.keys { watching.watched[token] = nil }
        isWatching = !watching.watched.isEmpty
        watching.isRunning = isWatching
        return due.values.map(\.abandon)
      }
      for abandon in overrun { abandon() }
    }
  }
}
