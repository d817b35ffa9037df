/// Runs ``Effect`` values: the synchronous parts at once, the asynchronous parts as tasks that
/// it tracks by cancellation id and by the ``Cascade`` of the send that caused them.
///
/// Shared by ``Store`` and the test store, which differ only in what they do with an intent or
/// side effect that an effect produces (the sinks). A root store's ``StoreEngine`` is one: a
/// class of its own would cost a store another object. Its members are final, so they are
/// reached directly.
@MainActor
@usableFromInline package class EffectRunner<Intent: Sendable, SideEffect: Sendable> {
  @usableFromInline package typealias Work = Effect<Intent, SideEffect>

  /// The running tasks, made with the first one: most stores of a list never start one.
  package final var registry: TaskRegistry {
    if madeRegistry == nil { madeRegistry = TaskRegistry() }
    return madeRegistry!
  }
  package final private(set) var madeRegistry: TaskRegistry?

  /// Where what the effects produce goes: the store or test store that owns this runner, which
  /// sets it to nil as it is freed (the tasks it started may outlive it). Not retained (it owns
  /// the runner), and not weak, so that the store needs no side table: its every retain and
  /// release would take the slow path. Cleared by the test store's nonisolated deinit.
  package final nonisolated(unsafe) unowned var sink: (any EffectSink<Intent, SideEffect>)?
  /// The children whose work is running, with how to tell they are still in the state.
  // Unchecked, as the engine's hot members: read on every observed send, only by the main
  // actor. The one long access, `check`, calls out only to cancel tasks, whose cancellation
  // handlers (MVIKit's: they cancel other tasks) never reach the runner.
  @exclusivity(unchecked) fileprivate final var watches = PresenceWatches()
  /// Whether each run's start and end goes to the sink: only while something hears them, so
  /// that a store without such an attachment pays nothing for them.
  package final var reportsLifecycle = false
  /// How many runs were started while ``reportsLifecycle`` was on: the last one's number.
  /// 32 bits, as a queued intent keeps the run that sent it, so that it fills the word that
  /// ``reportsLifecycle`` begins (a root store's engine and the store fit 256 bytes); past
  /// its largest value it starts again at 1.
  fileprivate final var runCount: Int32 = 0

  /// Whether some running work belongs to an optional child or a row.
  @usableFromInline package final var isWatchingPresence: Bool { !watches.isEmpty }

  /// Cancels the work of every child that `state` no longer holds. Called after each reduce
  /// while work of such children runs.
  @usableFromInline package final func checkPresence(in state: Any) {
    watches.check(state, isRunning: registry.isRunning, cancel: registry.cancel)
    if watches.isEmpty { sink?.presenceWatchesChanged() }
  }

  package init() {}

  package final func cancelAll() { madeRegistry?.cancelAll() }

  /// Runs the synchronous parts of `effect` (sends, emits, cancels) in order and starts its
  /// asynchronous parts, which join `cascade` (created when the first task starts).
  /// `step` is the number of the intent whose reduce returned `effect`, which the runs it
  /// starts report.
  @usableFromInline
  package final func execute(
    _ effect: Work, ids: [EffectID] = [], step: Int = 0, cascade: inout Cascade?
  ) {
    var execution = Execution(runner: self, cascade: cascade, step: step)
    effect.interpret(on: &execution, ids: ids)
    cascade = execution.cascade
  }

  /// The runner carrying out an effect's steps with real tasks, for one send's `cascade`.
  @MainActor struct Execution: @MainActor EffectExecutor {
    typealias Started = EffectTask
    let runner: EffectRunner
    var cascade: Cascade?
    /// The step whose reduce returned the effect being carried out.
    let step: Int

    func send(_ intent: Intent) { runner.sink?.receive(intent, into: cascade, run: 0) }
    func emit(_ sideEffect: SideEffect) { runner.sink?.deliver(sideEffect) }
    func warn(_ message: String) { runner.sink?.effectWarned(message) }
    func cancel(_ id: EffectID) { runner.registry.cancel(id) }

    mutating func start(_ work: EffectWork<Intent, SideEffect>, ids: [EffectID]) -> Started {
      let lifecycle = runner.reportsLifecycle ? runner.started(ids: ids, step: step) : nil
      return track(ids) { [runner] exit in
        let job = EffectJob(runner: runner, body: work.body, exit: exit, lifecycle: lifecycle)
        return EffectTask.detached(priority: work.priority) { await job.run() }
      }
    }

    mutating func start(_ rest: ArraySlice<Work>, after: [Started], ids: [EffectID]) -> Started {
      track(ids) { [runner, cascade, step] exit in
        EffectTask {
          await withTaskCancellationHandler {
            for job in after { _ = await job.result }
          } onCancel: {
            for job in after { job.cancel() }
          }
          if !Task.isCancelled {
            var execution = Execution(runner: runner, cascade: cascade, step: step)
            Work.interpret(rest, on: &execution, ids: ids)
          }
          exit()
        }
      }
    }

    /// Registers the task that `make` makes under `ids` and in the send's cascade (made with
    /// the first task) before it can end: the task's `exit`, its last step, waits for the
    /// registry's lock, held until then.
    private mutating func track(_ ids: [EffectID], _ make: (TaskExit) -> Started) -> Started {
      let registry = runner.registry
      let cascade = self.cascade ?? registry.makeCascade()
      self.cascade = cascade
      return registry.insert(ids: ids) { token in
        let task = make(TaskExit(registry: registry, cascade: cascade, token: token))
        cascade.add(task, token: token)
        return task
      }
    }

    func watch(_ presence: Presence) {
      if runner.watches.add(presence, isRunning: runner.registry.isRunning) {
        runner.sink?.presenceWatchesChanged()
      }
    }
  }

}

extension EffectRunner {
  /// Numbers a run that starts under `ids`, and tells the sink.
  fileprivate final func started(ids: [EffectID], step: Int) -> EffectRunLabel {
    runCount = runCount == .max ? 1 : runCount + 1
    // The innermost id the user gave; the others are the presence watches of children.
    let id = ids.last { !($0.base is LiftedPresenceID) }
    let label = EffectRunLabel(run: Int(runCount), cancellationID: id, step: step)
    sink?.effectLifecycle(label.event(.started))
    return label
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
  func receive(_ intent: Intent, into cascade: Cascade?, run: Int32)
  func deliver(_ sideEffect: SideEffect)
  func effectFailed(_ error: any Error)
  /// A misuse to report, such as an intent for a child that is not in the state.
  func effectWarned(_ warning: String)
  /// The first presence watch started or the last one ended.
  func presenceWatchesChanged()
  /// A run started or ended, while the runner reports them.
  func effectLifecycle(_ event: EffectLifecycleEvent)
}

extension EffectSink {
  package func effectLifecycle(_ event: EffectLifecycleEvent) {}
}
