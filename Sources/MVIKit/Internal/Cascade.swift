import Synchronization

/// The asynchronous work one ``Store/send(_:)`` causes: the tasks its effect starts, and the
/// tasks of every intent that this work feeds back, however many steps down.
///
/// A task leaves the cascade when it finishes, so a long-living effect that sends many intents
/// does not make the cascade grow. Waiting on a cascade waits until it has no task left.
/// Cancelling it cancels what is running and everything added later.
@usableFromInline
package final class Cascade: Sendable {
  private struct Tasks {
    var running: [Int: Task<Void, Never>] = [:]
    var isCancelled = false
  }

  // A mutex stored inline: a send that starts work makes one object here, not two.
  private let tasks = Mutex(Tasks())

  package init() {}

  /// Adds a task, which calls ``remove(_:)`` with `token` when it ends, or is left to
  /// ``wait()`` to remove.
  package func add(_ task: Task<Void, Never>, token: Int) {
    let cancelled = tasks.withLock { tasks -> Bool in
      tasks.running[token] = task
      return tasks.isCancelled
    }
    if cancelled { task.cancel() }
  }

  package func remove(_ token: Int) {
    tasks.withLock { $0.running[token] = nil }
  }

  package func cancel() {
    let running = tasks.withLock { tasks in
      tasks.isCancelled = true
      return Array(tasks.running.values)
    }
    for task in running { task.cancel() }
  }

  package var isCancelled: Bool {
    tasks.withLock { $0.isCancelled }
  }

  /// Waits until no task is left. Tasks added meanwhile, by the work itself, are waited for too.
  package func wait() async {
    while let (token, next) = tasks.withLock({ $0.running.first }) {
      await next.value
      // A task removes itself as it ends, except a throttle's timer, held by several cascades.
      tasks.withLock { $0.running[token] = nil }
    }
  }
}
