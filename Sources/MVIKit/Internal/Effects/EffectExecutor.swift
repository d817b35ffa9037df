/// What carries out the steps of an effect: the store's runner with real tasks, the schedule
/// explorer with deliveries it holds, the fuzzer that only follows sends. ``Effect`` turns an
/// effect into these steps once, in ``Effect/interpret(on:ids:)``, so that each rule of
/// cancellation, concatenation and presence is written in one place for all of them.
@usableFromInline
package protocol EffectExecutor<Intent, SideEffect> {
  associatedtype Intent: Sendable
  associatedtype SideEffect: Sendable
  /// Work started on its own, which a later step can wait for.
  associatedtype Started

  /// Delivers `intent` to be reduced.
  mutating func send(_ intent: Intent)
  /// Emits `sideEffect` to the View.
  mutating func emit(_ sideEffect: SideEffect)
  /// Reports a misuse.
  mutating func warn(_ message: String)
  /// Cancels the work running under `id`.
  mutating func cancel(_ id: EffectID)
  /// Starts the work of a `.run` under `ids`.
  mutating func start(_ work: EffectWork<Intent, SideEffect>, ids: [EffectID]) -> Started
  /// Starts a job that interprets `rest` once every one of `jobs` has finished.
  mutating func start(
    _ rest: ArraySlice<Effect<Intent, SideEffect>>, after jobs: [Started], ids: [EffectID]
  ) -> Started
  /// Keeps `presence` checked after each reduce while work under its id runs.
  mutating func watch(_ presence: Presence)
}

/// The work of a `.run`: its priority and its body, with its `catch:` handler inside. An error
/// it throws is one that no handler took.
@usableFromInline
package typealias EffectWork<Intent: Sendable, SideEffect: Sendable> = (
  priority: TaskPriority?, body: @Sendable (Send<Intent, SideEffect>) async throws -> Void
)

/// Whether `error`, thrown by a run, is its cancellation, which is no error: it reaches neither
/// the run's `catch:` handler nor the store. The one statement of that rule for every executor.
@usableFromInline package func isCancellation(_ error: any Error) -> Bool {
  Task.isCancelled || error is CancellationError
}

extension Effect {
  /// Carries out this effect's steps on `executor`, in order; returns the jobs it started
  /// itself (an intent it sends starts its own work elsewhere) when `collecting`, as a
  /// concatenation needs them: the others take none, so a `.run` allocates no array for them.
  // Inlinable, so that the schedule explorer, compiled for the user's model, interprets
  // effects without looking their types up at run time.
  @inlinable @discardableResult
  package func interpret<E: EffectExecutor<Intent, SideEffect>>(
    on executor: inout E, ids: [EffectID] = [], collecting: Bool = false
  ) -> [E.Started] {
    switch operation {
    case .none: return []
    case .send(let intent): executor.send(intent)
    case .emit(let sideEffect): executor.emit(sideEffect)
    case .warn(let message): executor.warn(message)
    case .cancel(let id): executor.cancel(id)
    case .run(let priority, let body):
      let started = executor.start((priority.map(TaskPriority.init), body), ids: ids)
      return collecting ? [started] : []
    case .merge(let effects):
      return effects.reduce(into: []) {
        $0 += $1.interpret(on: &executor, ids: ids, collecting: collecting)
      }
    case .concatenate(let effects):
      return Self.interpret(effects[...], on: &executor, ids: ids)
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { executor.cancel(id) }
      return inner.interpret(on: &executor, ids: ids + [id], collecting: collecting)
    case .whilePresent(let presence, let inner):
      let jobs = inner.interpret(on: &executor, ids: ids + [presence.id], collecting: collecting)
      executor.watch(presence)
      return jobs
    }
    return []
  }

  /// The steps of a concatenation: those that start no work run at once; from the first that
  /// does, the rest waits for its jobs in a job of its own.
  @inlinable @discardableResult
  package static func interpret<E: EffectExecutor<Intent, SideEffect>>(
    _ effects: ArraySlice<Self>, on executor: inout E, ids: [EffectID]
  ) -> [E.Started] {
    var rest = effects
    while let step = rest.popFirst() {
      let jobs = step.interpret(on: &executor, ids: ids, collecting: true)
      guard !jobs.isEmpty else { continue }
      guard !rest.isEmpty else { return jobs }
      return jobs + [executor.start(rest, after: jobs, ids: ids)]
    }
    return []
  }
}
