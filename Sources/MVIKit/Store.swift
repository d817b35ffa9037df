import Foundation
import Observation

/// Runs a ``Model``: holds its state, reduces intents, runs effects, delivers side effects.
///
/// The View reads state through the store (`store.count`, or `store.state` as a whole) and
/// changes it only by sending intents:
///
/// ```swift
/// let store = Store(initialState: Counter.State(), model: Counter(fact: numberFact))
/// store.send(.increment)
/// store.count  // 1
/// ```
///
/// `Store` is `Observable`: a SwiftUI view (or `withObservationTracking`) that reads only
/// `store.count` is not invalidated when another member changes. No macro is needed on the
/// state type; members that are `Equatable` are compared, others count as changed on every
/// intent. For other views, ``states`` is an `AsyncSequence` of states.
@MainActor
@dynamicMemberLookup
public final class Store<M: Model> {
  /// A root store's state; a scoped store's last state read from its parent.
  @usableFromInline var _state: M.State
  /// The model a root store runs; nil in a scoped store, whose parent runs it.
  @usableFromInline let model: M?
  /// A scoped store's way up: built where the scope was created, so it is specialised for
  /// the concrete models and a send through ten scopes costs little more than a root send.
  @usableFromInline let scopedSend: (@MainActor (M.Intent) -> StoreTask)?
  /// A scoped store's current state in its parent: nil once the parent is gone or while the
  /// child is absent (an optional child dismissed, a row removed).
  @usableFromInline let upstreamState: (@MainActor () -> M.State?)?
  /// The store this one was scoped from, told when this store starts or stops being observed.
  weak var upstream: (any ObservedChild)?
  /// True once a scoped store's part of the state is gone for good (a dismissed child, a
  /// removed row): it then drops what it is sent, with a report.
  @usableFromInline var isDetached = false
  /// Scoped stores cached by what they were scoped to; they live as long as this store.
  var children: [ScopeKey: ChildStore<M>] = [:]
  /// Whether anyone asked this store for its ``sideEffects``: a scoped store takes its child's
  /// side effects only then, so they are never stranded in a sequence nobody reads.
  var wantsSideEffects = false
  /// How many of `children` are observed, so a change must reach them.
  var observedChildren = 0
  /// How many of `children` are optional children, checked after each reduce so that a
  /// dismissed child's store is cut off even when nothing read it while it was gone.
  var optionalChildren = 0
  /// True when a send must do more than reduce and run effects: notify observers, call the
  /// flow observer, feed the state streams, or refresh observed scoped stores.
  @usableFromInline var needsSlowSend: Bool

  let runner = EffectRunner<M.Intent, M.SideEffect>()
  /// Intents that the intent being reduced fed back; see ``send(_:)``.
  @usableFromInline var queue = IntentQueue<M.Intent>()
  /// Intents sent from outside while the store reduces (by an observer, say): each waits until
  /// the intents before it have done all their synchronous work.
  @usableFromInline var deferred = IntentQueue<M.Intent>()
  /// True from the first reduce of a send until its queue is empty.
  @usableFromInline var isReducing = false
  package let registry: TaskRegistry
  package let channel = SideEffectChannel<M.SideEffect>()
  let stateStreams = Locked<[Int: AsyncStream<M.State>.Continuation]>([:])
  var nextStreamID = 0
  let registrar = ObservationRegistrar()
  var tracked: [AnyKeyPath: TrackedMember<Store, M.State>] = [:]
  var tracksWholeState = false
  /// Members read by ``observe(_:)`` closures; they stay until no observation is left.
  var observedMembers: [AnyKeyPath: ObservedMember<M.State>] = [:]

  /// Sees every intent, state change, side effect and unhandled effect error, in order.
  ///
  /// Use it for logging (see MVIKitRecording's `FlowLogger`), recording, or analytics. It runs on the main
  /// actor inside ``send(_:)``, so keep it quick. Setting it makes each send keep a copy of the
  /// previous state for ``FlowEvent/stateChanged(from:to:)``.
  ///
  /// On a scoped store it sees the intents reduced for the child (after the parent reduced
  /// them), the child's state changes and the side effects delivered to the scoped store.
  public var flowObserver: (@MainActor (FlowEvent<M>) -> Void)? {
    didSet {
      flowBaseline = upstreamState != nil && flowObserver != nil ? currentState : nil
      updateNeedsSlowSend()
    }
  }
  /// The state a scoped store's flow observer last saw, to report changes from.
  var flowBaseline: M.State?
  /// Recorders and state histories listening to this (root) store's flow.
  var taps: [FlowTap<M>] = [] {
    didSet { updateNeedsSlowSend() }
  }
  /// Set while a `StateHistory` shows a past state: the live state and the intents that
  /// arrived meanwhile, reduced once the store is live again.
  var travel: Travel<M>? {
    didSet { updateNeedsSlowSend() }
  }

  /// Creates a root store that runs `model`, starting from `initialState`.
  ///
  /// - Parameter attachments: Debugging aids that see the store's whole flow from its first
  ///   state, such as MVIKitRecording's `Recorder` and `StateHistory`.
  public init(
    initialState: M.State, model: M, attaching attachments: [any StoreAttachment<M>] = []
  ) {
    self._state = initialState
    self.model = model
    self.scopedSend = nil
    self.upstreamState = nil
    self.needsSlowSend = false
    self.registry = runner.registry
    connectRunner()
    for attachment in attachments { attachment.attach(to: RootStoreHandle(self)) }
  }

  init(
    scopedState: M.State,
    upstreamState: @escaping @MainActor () -> M.State?,
    send: @escaping @MainActor (M.Intent) -> StoreTask
  ) {
    self._state = scopedState
    self.model = nil
    self.scopedSend = send
    self.upstreamState = upstreamState
    self.needsSlowSend = false
    self.registry = runner.registry
  }

  deinit {
    registry.cancelAll()
    channel.finish()
    for stream in stateStreams.withLock({ Array($0.values) }) { stream.finish() }
  }

  /// The whole current state. Reading it in an observing context tracks every change.
  public var state: M.State {
    if let observation = ObservationRuns.current {
      let state = currentState
      let whole = \M.State.self
      if !observation.hasRead(ObjectIdentifier(self), whole) {
        observe(whole, value: state, isEqual: { isEqualIfEquatable($0, $1) }, for: observation)
      }
      return state
    }
    registrar.access(self, keyPath: \.state)
    if !tracksWholeState {
      tracksWholeState = true
      updateNeedsSlowSend()
    }
    return currentState
  }

  /// The state now: a scoped store reads it from its parent, so it is never stale. Once its
  /// part of the parent's state is seen gone, it is cut off for good and keeps the last state
  /// read through it.
  @inlinable @inline(__always)
  var currentState: M.State {
    if !isDetached, let upstreamState {
      if let state = upstreamState() { _state = state } else { isDetached = true }
    }
    return _state
  }

  /// The one-shot side effects of the model, each delivered once. See ``SideEffects``.
  ///
  /// A scoped store delivers the side effects of its child model: the parent's effect emits
  /// them wrapped in the parent's side effect case, and once this property of the scoped store
  /// has been read they are routed down to it instead of the parent's sequence.
  public var sideEffects: SideEffects<M.SideEffect> {
    wantsSideEffects = true
    return SideEffects(channel: channel)
  }

  /// Reduces `intent` at once, synchronously, then starts the effect that the model returned.
  ///
  /// Intents that the effect feeds back (``Effect/send(_:)``, and the synchronous steps of
  /// ``Effect/merge(_:)-(Effect<Intent,SideEffect>...)`` and
  /// ``Effect/concatenate(_:)-(Effect<Intent,SideEffect>...)``) are reduced too, first in, first
  /// out, before `send` returns; only ``Effect/run(priority:_:catch:)`` work is asynchronous.
  /// A send made while the store is reducing (from an observer, the ``flowObserver`` or
  /// anything else that runs inside a send) is queued and reduced once the current intent and
  /// every intent it feeds back synchronously are reduced, never inside them.
  ///
  /// When the effect is ``Effect/none`` this allocates nothing and starts no task. From
  /// another isolation domain, call it with `await store.send(intent)`.
  ///
  /// - Returns: A handle on the asynchronous work the intent causes, including the work of
  ///   every intent that this work feeds back: ``StoreTask/finish()`` waits for all of it,
  ///   ``StoreTask/cancel()`` cancels all of it.
  @inlinable
  @discardableResult
  public func send(_ intent: M.Intent) -> StoreTask {
    if let scopedSend { return isDetached ? sendDetached(intent) : scopedSend(intent) }
    // Without observers nothing can run inside reduce, so nothing can re-enter.
    guard !needsSlowSend, !isReducing, let model else { return sendObserved(intent) }
    let effect = model.reduce(&_state, intent)
    if case .none = effect.operation { return StoreTask(nil) }
    return StoreTask(drain(after: effect, into: nil))
  }

  private func connectRunner() {
    runner.intentSink = { [weak self] intent, cascade in self?.receive(intent, into: cascade) }
    runner.sideEffectSink = { [weak self] sideEffect in self?.deliver(sideEffect) }
    runner.errorSink = { [weak self] error in
      self?.report(
        .unhandledError(error), "an effect threw an error with no catch: handler: \(error)")
    }
    runner.warningSink = { [weak self] warning in self?.report(.runtimeWarning(warning), warning) }
    runner.watchesChanged = { [weak self] in self?.updateNeedsSlowSend() }
  }

  @usableFromInline
  func sendDetached(_ intent: M.Intent) -> StoreTask {
    report(
      .runtimeWarning("dropped \(intent): this store's child is gone from its parent's state"),
      "dropped \(intent): this store's child is gone from its parent's state.")
    return StoreTask(nil)
  }

  /// Tells the flow observer, or standard error when there is none: never silent.
  func report(_ event: FlowEvent<M>, _ message: String) {
    if let flowObserver {
      flowObserver(event)
    } else {
      writeRuntimeWarning("Store<\(M.self)>: \(message)")
    }
  }

  /// Emits `sideEffect` to the scoped store it belongs to, if one takes it, else to this one.
  func deliver(_ sideEffect: M.SideEffect) {
    for tap in taps { tap.receive(.sideEffect(sideEffect)) }
    guard !accept(sideEffect) else { return }
    flowObserver?(.sideEffect(sideEffect))
    channel.send(sideEffect)
  }

  /// Takes a side effect when this store, or one scoped from it, has been asked for its side
  /// effects; otherwise leaves it to the caller (a scoped store's parent, or ``deliver(_:)``).
  func accept(_ sideEffect: M.SideEffect) -> Bool {
    if children.values.contains(where: { $0.route(sideEffect) }) {
      flowObserver?(.sideEffect(sideEffect))
      return true
    }
    guard wantsSideEffects else { return false }
    flowObserver?(.sideEffect(sideEffect))
    channel.send(sideEffect)
    return true
  }

  /// Cuts a scoped store off from its parent: its part of the state is gone for good.
  func detach() {
    upstream = nil
    isDetached = true
  }

  func updateNeedsSlowSend() {
    let observed =
      flowObserver != nil || tracksWholeState || !tracked.isEmpty || !observedMembers.isEmpty
      || observedChildren > 0 || optionalChildren > 0 || !taps.isEmpty || travel != nil
      || runner.isWatchingPresence || stateStreams.withLock { !$0.isEmpty }
    guard observed != needsSlowSend else { return }
    needsSlowSend = observed
    upstream?.childObservationChanged(isObserved: observed)
  }
}

extension Store: Observable {}
