/// The asynchronous work one ``Store/send(_:fileID:line:)`` causes: the tasks its effect
/// starts, and the tasks of every intent that this work feeds back, however many steps down.
///
/// A task leaves the cascade when it finishes, so a long-living effect that sends many intents
/// does not make the cascade grow. Waiting on a cascade waits until it has no task left.
/// Cancelling it cancels what is running and everything added later.
///
/// A value over its locked storage, which its copies share: one allocation per cascade, which
/// the next send reuses once no copy of it is left (``TaskRegistry/makeCascade()``).
@usableFromInline
package struct Cascade: Sendable {
  private struct Tasks {
    /// One task inline: most sends start one, and a dictionary would cost an allocation more.
    var first: (token: Int, task: EffectTask)?
    var more: [Int: EffectTask] = [:]
    var isCancelled = false
  }

  private var tasks = Locked(Tasks())

  @usableFromInline init() {}

  /// Makes the cascade as new if no other copy of it is left, as when the send it served has
  /// been awaited or let go of and its work has ended; returns whether it did.
  mutating func renewIfUnshared() -> Bool {
    guard tasks.isUnshared() else { return false }
    tasks.withLock { $0 = Tasks() }
    return true
  }

  /// Adds a task, which calls ``remove(_:)`` with `token` as its last step.
  package func add(_ task: EffectTask, token: Int) {
    let cancelled = tasks.withLock { tasks -> Bool in
      if tasks.first == nil { tasks.first = (token, task) } else { tasks.more[token] = task }
      return tasks.isCancelled
    }
    if cancelled { task.cancel() }
  }

  package func remove(_ token: Int) {
    tasks.withLock { tasks in
      if tasks.first?.token == token { tasks.first = nil } else { tasks.more[token] = nil }
    }
  }

  package func cancel() {
    let running = tasks.withLock { tasks in
      tasks.isCancelled = true
      return Array(tasks.more.values) + (tasks.first.map { [$0.task] } ?? [])
    }
    for task in running { task.cancel() }
  }

  package var isCancelled: Bool { tasks.withLock { $0.isCancelled } }

  /// Waits until no task is left. Tasks added meanwhile, by the work itself, are waited for too.
  package func wait() async {
    // A task removes itself as its last step, so once it has ended the next one is found.
    while let next = tasks.withLock({ $0.first?.task ?? $0.more.first?.value }) {
      _ = await next.result
    }
  }
}
