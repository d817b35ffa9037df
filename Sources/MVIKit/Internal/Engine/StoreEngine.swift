/// The engine of a root store: it runs the model. It owns the intent queue and its drain, runs
/// effects and takes back what they send, and tells what is attached (flow observers, time
/// travel, recording, persistence, the inspector) about each step. ``Store`` is its face: the
/// state a View reads, observation, and the scoped stores; a scoped store has no engine and
/// sends up to its root's.
///
/// The path of one intent, from a View's `store.send(intent)`:
/// 1. ``Store/send(_:fileID:line:)`` reduces at once when nothing is attached or observed and
///    the engine is not reducing already; otherwise it hands the intent, and where the View
///    sent it from, to ``send(_:to:from:)``.
/// 2. ``drain(_:after:into:)`` runs the effect, then reduces every intent fed back, under
///    ``FeedbackDrain``'s rule, each through ``reduce(_:_:origin:)``, which tells the
///    attachments and the observers on the slow path.
/// 3. An effect's asynchronous work runs in an ``EffectJob``; what it sends comes back through
///    ``receive(_:into:)``, the engine being its runner's sink.
///
/// Its own class, a subclass of the runner, so that a root store costs one object besides
/// itself.
@MainActor
@usableFromInline
final class StoreEngine<M: Model>: EffectRunner<M.Intent, M.SideEffect>, EffectSink {
  @usableFromInline let model: M
  /// The root store's state: written only here, by a reduce (``reduce(_:)``), by a paused
  /// View's shown state (``pause(showing:by:letGo:)``) and by a restore; the store reads it.
  // Unchecked: only the main actor touches it, and no access overlaps another (a read from
  // inside the reduce is stopped, ``readState()``), so the run-time exclusivity checks that
  // cost a third of a send are dropped. The argument is in the Architecture article,
  // "Unchecked exclusivity".
  @exclusivity(unchecked) @usableFromInline var state: M.State
  /// How the taps tell whether a step changed the state, looked up once.
  @usableFromInline let stateEquality = Equality<M.State>()
  /// The store this engine runs, until the store is freed (its tasks may outlive it). Not
  /// retained: the store owns the engine.
  nonisolated(unsafe) unowned(unsafe) var face: Store<M>?
  /// Intents that the intent being reduced fed back, reduced first in, first out.
  @exclusivity(unchecked) @usableFromInline var queue = IntentQueue<M.Intent>()
  /// Intents sent from outside while the engine reduces (by an observer, say), and intents
  /// effects sent while the View is paused: each waits until the intents before it have done
  /// all their synchronous work, or until the View is live again.
  @exclusivity(unchecked) @usableFromInline var deferred = IntentQueue<M.Intent>()
  // The members below are read on every observed step. Unchecked, as the store's hot members
  // are: only the main actor touches them, each access is a whole read or a whole assignment
  // (the taps are iterated over a copy), so none overlaps another, and the run-time checks
  // cost an observed send a sixth of its instructions.
  /// What is attached, in the order it was added: each hears every step of the flow.
  @exclusivity(unchecked) @usableFromInline var taps: [FlowTap<M>] = []
  /// Set while an attachment has the View show another state than the live one (a past state,
  /// for time travel); see ``Pause``.
  @exclusivity(unchecked) @usableFromInline var pause: Pause<M>?
  /// The root store's side-effect channel, once made (see ``StoreCore/madeChannel``).
  var madeChannel: SideEffects<M.SideEffect>?
  /// How many intents the engine has told its taps about: the step number of the last one.
  @exclusivity(unchecked) @usableFromInline var step = 0
  /// True from the first reduce of a send until both queues are empty: a send made meanwhile
  /// waits in the queue. Last, with the next, so that they fit beside the fields before them.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// True while the model's `reduce` runs, when the state is in the middle of its change: a
  /// read of the store then is refused (``readState()``).
  @exclusivity(unchecked) @usableFromInline var isInReduce = false
  /// Set when an intent was sent while the engine reduced (queued in `deferred`), until a
  /// drain takes it: after a reduce on the fast path, into which a dependency holding the store
  /// may send, the one thing the send reads to know that a drain must follow.
  @exclusivity(unchecked) @usableFromInline var sentWhileReducing = false

  init(model: M, state: M.State) {
    self.model = model
    self.state = state
    super.init()
    sink = self
  }

  // Spelled out, as the compiler's own stub for the runner's initialiser, which an engine does
  // not inherit, draws a false "infinite recursion" warning. Unavailable, so it is never called.
  @available(*, unavailable) override init() { fatalError("an engine is made with its model") }

  // MARK: - Sending and draining

  /// A send that cannot take the fast path: observed, attached, or made while reducing.
  // Specialised where it is sent from, as the drain it runs is, but not inlined.
  @inlinable @inline(never)
  func send(_ intent: M.Intent, to store: Store<M>, from site: SendSite) -> StoreTask {
    guard isReducing else {
      queue.append(QueuedIntent(intent, cascade: nil, origin: .view, site: site))
      return StoreTask(drain(store, after: .none, into: nil))
    }
    // Sent from inside a send (an observer, an attachment): it waits until that send's
    // synchronous work is done, and starts a cascade of its own.
    let cascade = Cascade()
    deferred.append(QueuedIntent(intent, cascade: cascade, origin: .view, site: site))
    sentWhileReducing = true
    return StoreTask(cascade)
  }

  /// The one bracket of a send: runs `effect`, then every queued intent, while sends from
  /// observers wait and observations are batched to its end. A loop, so a chain of any length
  /// runs at constant stack depth. Called only outside a bracket.
  @inlinable
  func drain(
    _ store: Store<M>, after effect: Effect<M.Intent, M.SideEffect>, into cascade: Cascade?
  ) -> Cascade? {
    // A scoped store's send reaches its root unretained (see ``Upstream/route``), and what
    // runs here (attachments, observers) may let go of the root's last owner: it must outlive
    // this.
    let alive = Unmanaged.passRetained(store)
    var work = cascade
    isReducing = true
    ObservationRuns.sendBegan()
    defer {
      isReducing = false
      sentWhileReducing = false
      ObservationRuns.sendEnded()
      alive.release()
    }
    run(effect, into: &work)
    FeedbackDrain.drain(
      next: { () -> QueuedIntent<M.Intent>? in
        if let next = queue.popFirst() { return next }
        // What effects sent while the View is paused waits until it is live again.
        return pause == nil ? deferred.popFirst() : nil
      },
      isFedBack: { $0.origin == .effect },
      reduce: { (item: QueuedIntent<M.Intent>) -> QueuedIntent<M.Intent>? in
        let effect = reduce(store, item)
        // A chain's `.send` with nothing queued before it is reduced next, as it would be
        // after a trip through the queue, without the trip.
        if case .send(let next) = effect.operation, queue.isEmpty {
          return QueuedIntent(next, cascade: item.cascade, origin: .effect)
        }
        // An intent an effect fed back joins its effect's cascade; the others, the send's.
        if item.cascade == nil {
          run(effect, into: &work)
        } else {
          var owner = item.cascade
          run(effect, into: &owner)
        }
        return nil
      },
      // A chain that ends is never cut: past the bound the store says it is probably a loop,
      // once per send, and goes on.
      atLimit: { item in
        warnProbableLoop(item.intent)
        return .goOn
      })
    return work
  }

  /// Says that `intent`, fed back past ``FeedbackDrain/limit`` in one send, is probably a
  /// loop, and that the store goes on. Not inlined: it runs once in ten thousand steps.
  @usableFromInline @inline(never) func warnProbableLoop(_ intent: M.Intent) {
    warn(FeedbackDrain.liveLoopWarning(intent))
  }

  /// Runs `effect`, whose work joins `cascade`; an intent it feeds back joins it too.
  @inlinable
  func run(_ effect: Effect<M.Intent, M.SideEffect>, into cascade: inout Cascade?) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      // The common step of a chain: queued as ``receive(_:into:)`` queues it, without a trip
      // through the runner.
      queue.append(QueuedIntent(intent, cascade: cascade, origin: .effect))
    default:
      execute(effect, step: step, cascade: &cascade)
    }
  }

  /// The one reduce of the store, for the fast path and the slow one: the model's `reduce`
  /// of the state the engine owns, marked as running, so that a read of the store from inside
  /// it is refused (``readState()``) and a send from inside it waits (``isReducing``, which
  /// the caller has set: the fast path around this reduce, a drain around all of its own).
  @inlinable @inline(__always)
  func reduce(_ intent: M.Intent) -> Effect<M.Intent, M.SideEffect> {
    isInReduce = true
    let effect = model.reduce(&state, intent)
    isInReduce = false
    return effect
  }

  /// The state, as the store reads it for a View, a binding, a scope or a dependency.
  ///
  /// Refused from inside the model's `reduce`, where the state is in the middle of its change:
  /// a dependency that holds the store would read a value no step produced, and while a
  /// ``CaseLink`` reduces a case's payload in place, a value whose case is wrong. Swift's own
  /// exclusivity check would stop the program there; the store's state skips that check for
  /// speed (see "Unchecked exclusivity" in the Architecture article), so it stops it itself,
  /// saying what to do instead.
  @inlinable @inline(__always)
  func readState() -> M.State {
    if isInReduce { readFromInsideReduce() }
    return state
  }

  /// Stops the program at a read of the store from inside its own `reduce`. Not inlined: a
  /// read pays one test for it.
  @usableFromInline @inline(never)
  func readFromInsideReduce() -> Never {
    fatalError(
      "Store<\(M.self)>: its state was read from inside its own reduce (through a "
        + "dependency or an object that holds the store). The state is in the middle of its "
        + "change there and no value of it is whole: read the reduce's `state` parameter, or "
        + "pass what the reduce needs in the intent. A send from there is fine: it waits "
        + "until the reduce is done.")
  }

  /// Reduces one queued intent; on the slow path, tells the attachments and the observers.
  @inlinable
  func reduce(_ store: Store<M>, _ item: QueuedIntent<M.Intent>) -> Effect<M.Intent, M.SideEffect> {
    guard !store.needsSlowSend else { return reduceObserved(store, item) }
    return reduce(item.intent)
  }

  @inlinable
  func reduceObserved(_ store: Store<M>, _ item: QueuedIntent<M.Intent>)
    -> Effect<M.Intent, M.SideEffect>
  {
    let intent = item.intent
    let origin = item.origin
    if pause != nil {
      // While the View is paused, its input would be computed against the state it shows,
      // not the live one: it is refused, as the Elm debugger blocks input while it shows the
      // past. What effects send waits until the View is live again.
      guard origin == .effect else {
        report(
          .runtimeWarning(
            "\(intent) was not reduced: the View shows a past state, and its input is paused "
              + "until the store is live again."), FlowContext(origin: .view))
        return .none
      }
      deferred.append(item)
      return .none
    }
    let effect: Effect<M.Intent, M.SideEffect>
    if !taps.isEmpty {
      step += 1
      // Handed to each tap with the event: a tap that sends to another root store with taps
      // changes nothing the taps after it here hear.
      let context = FlowContext(origin: origin, run: item.run, site: item.site)
      report(.intent(intent), context)
      let before = state
      effect = reduce(intent)
      if !stateEquality.areEqual(before, state) {
        report(.stateChanged(from: before, to: state), context)
      }
    } else {
      effect = reduce(intent)
    }
    if isWatchingPresence { checkPresence(in: state) }
    // The face is told once per reduce what changed: its observers, its scoped stores.
    store.notifyObservers()
    return effect
  }

  // MARK: - What effects send back

  /// Reduces `intent`, which the effect `run` sent (0: not known), adding the work it causes
  /// to `cascade`.
  package func receive(_ intent: M.Intent, into cascade: Cascade?, run: Int32) {
    guard let store = face else { return }
    queue.append(QueuedIntent(intent, cascade: cascade, origin: .effect, run: run))
    if !isReducing { _ = drain(store, after: .none, into: cascade) }
  }

  /// Emits `sideEffect` to the scoped store it belongs to, if one takes it, else to the root's
  /// sequence.
  package func deliver(_ sideEffect: M.SideEffect) {
    guard let store = face else { return }
    report(.sideEffect(sideEffect), FlowContext(origin: nil))
    _ = store.accept(sideEffect, lastStop: true)
  }

  package func effectFailed(_ error: any Error) {
    guard face != nil else { return }
    reportMisuse(
      .unhandledError(error), "an effect threw an error with no catch: handler: \(error)")
  }

  package func effectWarned(_ warning: String) {
    guard face != nil else { return }
    warn(warning)
  }

  package func effectLifecycle(_ event: EffectLifecycleEvent) {
    for tap in taps { tap.receiveEffect?(event) }
  }

  package func presenceWatchesChanged() {
    face?.setSlowPath(.presenceWatched, isWatchingPresence)
  }

  // MARK: - Telling the attachments

  /// Tells every tap about `event`, with its `context`.
  @inlinable func report(_ event: FlowEvent<M>, _ context: FlowContext) {
    // Over a copy of the list, which keeps every tap alive while a tap detaches itself or
    // another: read by index, a tap is borrowed from the copy, not retained for its call. Its
    // closure's context still is: a listener held weakly elsewhere should not be the only
    // thing its closure captures (see MVIKitInspector's `Inspector.launch`).
    let taps = self.taps
    for index in taps.indices { taps[index].receive(event, context) }
  }

  /// Tells every tap about a misuse or an error that the store survived, and standard error
  /// too unless a flow observer shows such reports.
  func reportMisuse(_ event: FlowEvent<M>, _ message: String) {
    report(event, FlowContext(origin: nil))
    guard taps.contains(where: { $0.kind != .tap }) else {
      return writeRuntimeWarning("Store<\(M.self)>: \(message)")
    }
  }

  /// Reports a misuse that the store survived.
  func warn(_ message: String) {
    reportMisuse(.runtimeWarning(message), message)
  }

  /// Adds `tap` after the others, or at `index`.
  func attach(_ tap: FlowTap<M>, at index: Int? = nil) {
    taps.insert(tap, at: index ?? taps.endIndex)
    reportsLifecycle = taps.contains { $0.hearsEffects }
    face?.setSlowPath(.attached, true)
    face?.setSendsSites(true)
  }

  func detach(_ tap: FlowTap<M>) {
    taps.removeAll { $0 === tap }
    reportsLifecycle = taps.contains { $0.hearsEffects }
    face?.setSlowPath(.attached, !taps.isEmpty)
    face?.setSendsSites(!taps.isEmpty)
  }

  // MARK: - Pausing the View

  /// Shows `state` to the View in place of the live state, for `owner`; see ``Pause``.
  func pause(showing state: M.State, by owner: AnyObject, letGo: @escaping @MainActor () -> Void) {
    guard let store = face else { return }
    if let current = pause {
      pause = Pause<M>(live: current.live, owner: owner, letGo: letGo)
      if current.owner !== owner { current.letGo() }
    } else {
      pause = Pause<M>(live: self.state, owner: owner, letGo: letGo)
      store.setSlowPath(.paused, true)
      store.pausedChanged()
    }
    self.state = state
    store.notifyObservers()
  }

  /// Shows the live state again and reduces what effects sent meanwhile.
  func resume() {
    guard let store = face, let current = pause else { return }
    pause = nil
    state = current.live
    current.letGo()
    store.setSlowPath(.paused, false)
    store.pausedChanged()
    // Observers see the live state first; what they send is reduced before the held intents,
    // which wait behind it in the deferred queue.
    store.notifyObservers()
    if !isReducing { _ = drain(store, after: .none, into: nil) }
  }
}
