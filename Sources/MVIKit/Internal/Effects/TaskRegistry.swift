/// Every task an effect runner has started and that has not finished yet, with the
/// cancellation ids it runs under.
///
/// Lock-protected so that a store's `deinit`, which is not isolated, can cancel them all, and so
/// that a task finishing on another thread can remove itself without a hop to the main actor.
/// A task cancelled by id leaves at once: cancelled counts as finished.
package final class TaskRegistry: Sendable {
  private struct Tasks {
    var running: [Int: (task: EffectTask, ids: [EffectID])] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    var nextToken = 0
    /// The cascade of the last send that started work, kept to serve the next one once
    /// nothing else holds it.
    var spareCascade: Cascade?

    mutating func take(_ token: Int) -> EffectTask? {
      guard let entry = running.removeValue(forKey: token) else { return nil }
      for id in entry.ids {
        tokensByID[id]?.remove(token)
        if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
      }
      return entry.task
    }
  }

  private let tasks = Locked(Tasks())

  /// Registers the task that `make` makes, with a new token, under `ids`. The lock is held
  /// meanwhile, so a task that ends at once cannot leave before it was registered.
  package func insert(
    ids: [EffectID] = [], _ make: (_ token: Int) -> EffectTask
  ) -> EffectTask {
    tasks.withLock { tasks in
      tasks.nextToken &+= 1
      let token = tasks.nextToken
      let task = make(token)
      tasks.running[token] = (task, ids)
      for id in ids { tasks.tokensByID[id, default: []].insert(token) }
      return task
    }
  }

  /// A cascade for a send's first task: the spare one if nothing else holds it any more, else
  /// a new one, kept as the spare. Sends whose work ends before the next starts (awaited one
  /// after another, as an effect's round trip is) then allocate no cascade.
  package func makeCascade() -> Cascade {
    tasks.withLock { tasks in
      if tasks.spareCascade?.renewIfUnshared() == true { return tasks.spareCascade! }
      let cascade = Cascade()
      tasks.spareCascade = cascade
      return cascade
    }
  }

  /// Called by a task as its last step; a task cancelled by id has left already.
  package func remove(_ token: Int) { _ = tasks.withLock { $0.take(token) } }

  /// Cancels every task running under `id`; they leave the registry at once.
  package func cancel(_ id: EffectID) {
    let cancelled = tasks.withLock { tasks in
      (tasks.tokensByID[id] ?? []).compactMap { tasks.take($0) }
    }
    for task in cancelled { task.cancel() }
  }

  package func cancelAll() {
    let running = tasks.withLock { tasks in
      defer { tasks = Tasks(nextToken: tasks.nextToken) }
      return tasks.running.values.map(\.task)
    }
    for task in running { task.cancel() }
  }

  /// Whether a task runs under `id`.
  package func isRunning(_ id: EffectID) -> Bool { tasks.withLock { $0.tokensByID[id] != nil } }

  /// How many effect tasks are still running and not cancelled.
  package var count: Int {
    tasks.withLock { tasks in tasks.running.values.count(where: { !$0.task.isCancelled }) }
  }
}

/// An effect's task. Typed as throwing though it never throws: the runtime wraps a
/// non-throwing operation in a box of its own, an allocation more for every `.run`.
package typealias EffectTask = Task<Void, any Error>
