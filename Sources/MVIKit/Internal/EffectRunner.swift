/// Runs ``Effect`` values: the synchronous parts at once, the asynchronous parts as tasks that
/// it tracks by cancellation id and by the ``Cascade`` of the send that caused them.
///
/// Shared by ``Store`` and the test store, which differ only in what they do with an intent or
/// side effect that an effect produces (the sinks).
@MainActor
@usableFromInline package final class EffectRunner<Intent: Sendable, SideEffect: Sendable> {
  package typealias Work = Effect<Intent, SideEffect>

  /// The running tasks, made with the first one: most stores of a list never start one.
  package var registry: TaskRegistry {
    if let madeRegistry { return madeRegistry }
    let registry = TaskRegistry()
    madeRegistry = registry
    return registry
  }
  /// Read by a store's deinit, when nothing else can reach the runner any more.
  package nonisolated(unsafe) private(set) var madeRegistry: TaskRegistry?

  /// Where what the effects produce goes: the store or test store that owns this runner.
  package weak var sink: (any EffectSink<Intent, SideEffect>)?
  /// The children whose work is running, with how to tell they are still in the state.
  private var watches: [EffectID: Presence] = [:]

  /// Whether some running work belongs to an optional child or a row.
  @usableFromInline package var isWatchingPresence: Bool { !watches.isEmpty }

  /// Cancels the work of every child that `state` no longer holds. Called after each reduce
  /// while work of such children runs.
  @usableFromInline package func checkPresence(in state: Any) {
    let before = watches.count
    for (id, presence) in watches {
      if !presence.isPresent(state) {
        registry.cancel(id)
        watches[id] = nil
      } else if !registry.isRunning(id) {
        watches[id] = nil  // its work ended on its own
      }
    }
    if watches.count != before, watches.isEmpty { sink?.presenceWatchesChanged() }
  }

  package init() {}

  package func cancelAll() {
    madeRegistry?.cancelAll()
  }

  /// Runs the synchronous parts of `effect` (sends, emits, cancels) in order and starts its
  /// asynchronous parts, which join `cascade` (created when the first task starts).
  package func execute(_ effect: Work, ids: [EffectID] = [], cascade: inout Cascade?) {
    var started: [Task<Void, Never>]? = nil
    execute(effect, ids: ids, cascade: &cascade, started: &started)
  }

  /// Appends the tasks that `effect` itself starts to `started`; intents it sends go to the
  /// sink, so the tasks of their effects never hold up the next step of a concatenation.
  private func execute(
    _ effect: Work,
    ids: [EffectID],
    cascade: inout Cascade?,
    started: inout [Task<Void, Never>]?
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      sink?.receive(intent, into: cascade)
    case .emit(let sideEffect):
      sink?.deliver(sideEffect)
    case .run(let priority, let body, let handler):
      let target = cascade ?? Cascade()
      cascade = target
      // Made first: an optional-chained append would skip evaluating its argument.
      let task = start(
        priority: priority.map(TaskPriority.init), body, catch: handler, ids: ids, cascade: target)
      started?.append(task)
    case .merge(let effects):
      for effect in effects { execute(effect, ids: ids, cascade: &cascade, started: &started) }
    case .concatenate(let effects):
      concatenate(effects[...], ids: ids, cascade: &cascade, started: &started)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { registry.cancel(id) }
      execute(inner, ids: ids + [id], cascade: &cascade, started: &started)
    case .cancel(let id):
      registry.cancel(id)
    case .whilePresent(let presence, let inner):
      execute(inner, ids: ids + [presence.id], cascade: &cascade, started: &started)
      guard watches[presence.id] == nil, madeRegistry?.isRunning(presence.id) == true else {
        return
      }
      watches[presence.id] = presence
      if watches.count == 1 { sink?.presenceWatchesChanged() }
    case .warn(let message):
      sink?.effectWarned(message)
    }
  }

  // MARK: - Tasks

  private func start(
    priority: TaskPriority?,
    _ body: @escaping @Sendable (Send<Intent, SideEffect>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Intent, SideEffect>) async -> Void)?,
    ids: [EffectID],
    cascade: Cascade
  ) -> Task<Void, Never> {
    track(ids: ids, in: cascade) { exit in
      let job = EffectJob(runner: self, body: body, catch: handler, exit: exit)
      return Task.detached(priority: priority) { await job.run() }
    }
  }

  /// Registers the task that `make` makes under `ids` and in `cascade` before it can end: the
  /// task's `exit`, its last step, waits for the registry's lock, held until then.
  private func track(
    ids: [EffectID], in cascade: Cascade,
    _ make: (_ exit: TaskExit) -> Task<Void, Never>
  ) -> Task<Void, Never> {
    let registry = self.registry
    return registry.insert(ids: ids) { token in
      let task = make(TaskExit(registry: registry, cascade: cascade, token: token))
      cascade.add(task, token: token)
      return task
    }
  }

  /// Runs the steps that are synchronous at once; from the first step that starts a task on,
  /// the rest waits for that step in a task of its own.
  private func concatenate(
    _ effects: ArraySlice<Work>,
    ids: [EffectID],
    cascade: inout Cascade?,
    started: inout [Task<Void, Never>]?
  ) {
    var rest = effects
    while let step = rest.popFirst() {
      var stepTasks: [Task<Void, Never>]? = []
      execute(step, ids: ids, cascade: &cascade, started: &stepTasks)
      guard let stepTasks, !stepTasks.isEmpty else { continue }
      started? += stepTasks
      guard !rest.isEmpty else { return }
      let target = cascade ?? Cascade()
      cascade = target
      let resumed = resume(rest, after: stepTasks, ids: ids, cascade: target)
      started?.append(resumed)
      return
    }
  }

  private func resume(
    _ rest: ArraySlice<Work>,
    after step: [Task<Void, Never>],
    ids: [EffectID],
    cascade: Cascade
  ) -> Task<Void, Never> {
    track(ids: ids, in: cascade) { exit in
      Task { [weak self] in
        await withTaskCancellationHandler {
          for task in step { await task.value }
        } onCancel: {
          for task in step { task.cancel() }
        }
        if !Task.isCancelled, let self {
          var target: Cascade? = cascade
          var started: [Task<Void, Never>]? = nil
          self.concatenate(rest, ids: ids, cascade: &target, started: &started)
        }
        exit()
      }
    }
  }
}

/// What an effect runner hands on: the intents effects send, the side effects they emit, the
/// errors nobody caught, the misuses to report, and when presence watching starts or ends.
@MainActor
package protocol EffectSink<Intent, SideEffect>: AnyObject {
  associatedtype Intent: Sendable
  associatedtype SideEffect: Sendable
  /// An intent an effect sent, with the cascade its work belongs to: nil while the send that
  /// caused it is still reducing synchronously and has started no task yet.
  func receive(_ intent: Intent, into cascade: Cascade?)
  func deliver(_ sideEffect: SideEffect)
  func effectFailed(_ error: any Error)
  /// A misuse to report, such as an intent for a child that is not in the state.
  func effectWarned(_ warning: String)
  /// The first presence watch started or the last one ended.
  func presenceWatchesChanged()
}
