/// Every task an effect runner has started and that has not finished yet, with the
/// cancellation ids it runs under.
///
/// Lock-protected so that a store's `deinit`, which is not isolated, can cancel them all, and so
/// that a task finishing on another thread can remove itself without a hop to the main actor.
/// A task cancelled by id leaves at once: cancelled counts as finished.
package final class TaskRegistry: Sendable {
  private struct Entry {
    var task: Task<Void, Never>
    var ids: [EffectID]
  }

  private struct Tasks {
    var running: [Int: Entry] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    // Tokens of tasks that finished before they were registered, or left when cancelled.
    var gone: Set<Int> = []
    var nextToken = 0

    mutating func take(_ token: Int) -> Entry? {
      guard let entry = running.removeValue(forKey: token) else { return nil }
      for id in entry.ids {
        tokensByID[id]?.remove(token)
        if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
      }
      return entry
    }
  }

  private let tasks = Locked(Tasks())

  package init() {}

  package func makeToken() -> Int {
    tasks.withLock {
      $0.nextToken &+= 1
      return $0.nextToken
    }
  }

  package func insert(_ task: Task<Void, Never>, token: Int, ids: [EffectID] = []) {
    tasks.withLock {
      guard $0.gone.remove(token) == nil else { return }
      $0.running[token] = Entry(task: task, ids: ids)
      for id in ids { $0.tokensByID[id, default: []].insert(token) }
    }
  }

  /// Called by a task as its last step.
  package func remove(_ token: Int) {
    tasks.withLock {
      guard $0.take(token) == nil else { return }
      // Not registered: either it left when cancelled (forget it now) or it ended before
      // insert(_:token:ids:) (remember it until then).
      if $0.gone.remove(token) == nil { $0.gone.insert(token) }
    }
  }

  /// Cancels every task running under `id`; they leave the registry at once.
  package func cancel(_ id: EffectID) {
    let cancelled = tasks.withLock { tasks -> [Task<Void, Never>] in
      guard let tokens = tasks.tokensByID[id] else { return [] }
      return tokens.compactMap { token in
        // Remembered so the task's own remove() later does not count it as finished early.
        tasks.gone.insert(token)
        return tasks.take(token)?.task
      }
    }
    for task in cancelled { task.cancel() }
  }

  package func cancelAll() {
    let running = tasks.withLock { tasks in
      defer {
        tasks.gone.formUnion(tasks.running.keys)
        tasks.running.removeAll()
        tasks.tokensByID.removeAll()
      }
      return tasks.running.values.map(\.task)
    }
    for task in running { task.cancel() }
  }

  /// Whether a task runs under `id`.
  package func isRunning(_ id: EffectID) -> Bool {
    tasks.withLock { $0.tokensByID[id] != nil }
  }

  /// How many effect tasks are still running and not cancelled.
  package var count: Int {
    tasks.withLock { tasks in
      tasks.running.values.reduce(0) { $0 + ($1.task.isCancelled ? 0 : 1) }
    }
  }
}
