/// Every task an effect runner has started and that has not finished yet.
///
/// Lock-protected so that a store's `deinit`, which is not isolated, can cancel them all, and so
/// that a task finishing on another thread can remove itself without a hop to the main actor.
package final class TaskRegistry: Sendable {
  private struct Tasks {
    var running: [Int: Task<Void, Never>] = [:]
    // Tokens of tasks that finished before they were registered.
    var finishedEarly: Set<Int> = []
    var nextToken = 0
  }

  private let tasks = Locked(Tasks())

  package init() {}

  package func makeToken() -> Int {
    tasks.withLock {
      $0.nextToken &+= 1
      return $0.nextToken
    }
  }

  package func insert(_ task: Task<Void, Never>, token: Int) {
    tasks.withLock {
      if $0.finishedEarly.remove(token) == nil { $0.running[token] = task }
    }
  }

  package func remove(_ token: Int) {
    tasks.withLock {
      if $0.running.removeValue(forKey: token) == nil { $0.finishedEarly.insert(token) }
    }
  }

  package func cancel(_ token: Int) {
    tasks.withLock { $0.running[token] }?.cancel()
  }

  package func cancelAll() {
    let running = tasks.withLock { tasks in
      defer { tasks.running.removeAll() }
      return Array(tasks.running.values)
    }
    for task in running { task.cancel() }
  }

  /// How many effect tasks are still running.
  package var count: Int {
    tasks.withLock { $0.running.count }
  }
}
