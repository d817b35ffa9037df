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
  @usableFromInline var _state: M.State
  @usableFromInline let model: M?
  @usableFromInline let parent: (any StoreParent<M.State, M.Intent>)?
  /// A scoped store's way up: built where the scope was created, so it is specialised for
  /// the concrete models and a send through ten scopes costs little more than a root send.
  @usableFromInline let scopedSend: ((M.Intent) -> StoreTask)?
  /// True when a send must do more than reduce and run effects: notify observers, call the
  /// flow observer, feed the state streams, or forward to a parent.
  @usableFromInline var needsSlowSend: Bool

  let runner = EffectRunner<M.Intent, M.SideEffect>()
  /// Intents waiting while another one is being reduced; see ``send(_:)``.
  @usableFromInline var queue = IntentQueue<M.Intent>()
  /// True from the first reduce of a send until its queue is empty.
  @usableFromInline var isReducing = false
  package let registry: TaskRegistry
  package let channel = SideEffectChannel<M.SideEffect>()
  let stateStreams = Locked<[Int: AsyncStream<M.State>.Continuation]>([:])
  var nextStreamID = 0
  let registrar = ObservationRegistrar()
  var tracked: [AnyKeyPath: TrackedMember<Store, M.State>] = [:]
  var tracksWholeState = false

  /// Sees every intent, state change, side effect and unhandled effect error, in order.
  ///
  /// Use it for logging (see ``FlowLogger``), recording, or analytics. It runs on the main
  /// actor inside ``send(_:)``, so keep it quick. Setting it makes each send keep a copy of the
  /// previous state for ``FlowEvent/stateChanged(from:to:)``.
  public var flowObserver: (@MainActor (FlowEvent<M>) -> Void)? {
    didSet { updateNeedsSlowSend() }
  }

  /// Creates a store that runs `model`, starting from `initialState`.
  public init(initialState: M.State, model: M) {
    self._state = initialState
    self.model = model
    self.parent = nil
    self.scopedSend = nil
    self.needsSlowSend = false
    self.registry = runner.registry
    connectRunner()
  }

  @usableFromInline
  init(
    scopedFrom parent: any StoreParent<M.State, M.Intent>,
    send: @escaping (M.Intent) -> StoreTask
  ) {
    self._state = parent.state
    self.model = nil
    self.parent = parent
    self.scopedSend = send
    self.needsSlowSend = true
    self.registry = runner.registry
    channel.finish()
  }

  deinit {
    registry.cancelAll()
    channel.finish()
    for stream in stateStreams.withLock({ Array($0.values) }) { stream.finish() }
  }

  /// The whole current state. Reading it in an observing context tracks every change.
  public var state: M.State {
    if let parent { return parent.state }
    registrar.access(self, keyPath: \.state)
    if !tracksWholeState {
      tracksWholeState = true
      needsSlowSend = true
    }
    return _state
  }

  /// The one-shot side effects of the model, each delivered once. See ``SideEffects``.
  ///
  /// A scoped store has none of its own: its side effects reach the root store's sequence.
  public var sideEffects: SideEffects<M.SideEffect> {
    SideEffects(channel: channel)
  }

  /// Reduces `intent` at once, synchronously, then starts the effect that the model returned.
  ///
  /// Intents that the effect feeds back (``Effect/send(_:)``, and the synchronous steps of
  /// ``Effect/merge(_:)-(Effect<Intent,SideEffect>...)`` and
  /// ``Effect/concatenate(_:)-(Effect<Intent,SideEffect>...)``) are reduced too, first in, first
  /// out, before `send` returns; only ``Effect/run(priority:_:catch:)`` work is asynchronous.
  /// A send made while the store is reducing (from an observer, the ``flowObserver`` or
  /// anything else that runs inside a send) is queued and reduced after the current intent and
  /// the intents queued before it, never inside it.
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
    if let scopedSend { return scopedSend(intent) }
    // Without observers nothing can run inside reduce, so nothing can re-enter.
    guard !needsSlowSend, !isReducing, let model else { return sendObserved(intent) }
    let effect = model.reduce(&_state, intent)
    if case .none = effect.operation { return StoreTask(nil) }
    return StoreTask(drain(after: effect, into: nil))
  }

  @usableFromInline
  func sendObserved(_ intent: M.Intent) -> StoreTask {
    guard model != nil else {
      guard let parent else { return StoreTask(nil) }
      return parent.send(intent)
    }
    if isReducing {
      let cascade = Cascade()
      queue.append(intent, cascade: cascade)
      return StoreTask(cascade)
    }
    isReducing = true
    return StoreTask(drain(after: reduceStep(intent), into: nil))
  }

  /// Reduces `intent` for an effect that sent it, adding the work it causes to `cascade`.
  func receive(_ intent: M.Intent, into cascade: Cascade?) {
    if isReducing {
      queue.append(intent, cascade: cascade)
      return
    }
    isReducing = true
    _ = drain(after: reduceStep(intent), into: cascade)
  }

  /// Runs `effect`, then every intent queued meanwhile, in order; a loop, so a chain of any
  /// length runs at constant stack depth.
  @inlinable
  func drain(after effect: Effect<M.Intent, M.SideEffect>, into cascade: Cascade?) -> Cascade? {
    isReducing = true
    defer { isReducing = false }
    var root = cascade
    run(effect, owner: nil, root: &root)
    while let (intent, owner) = queue.popFirst() {
      run(reduceStep(intent), owner: owner, root: &root)
    }
    return root
  }

  @inlinable
  func run(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      // The common step of a chain, queued without a trip through the runner.
      queue.append(intent, cascade: owner)
    default:
      execute(effect, owner: owner, root: &root)
    }
  }

  @usableFromInline
  func execute(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
    if owner != nil {
      var owner = owner
      runner.execute(effect, cascade: &owner)
    } else {
      runner.execute(effect, cascade: &root)
    }
  }

  /// Reduces one intent, telling the flow observer and the observers of what changed.
  @inlinable
  func reduceStep(_ intent: M.Intent) -> Effect<M.Intent, M.SideEffect> {
    guard !needsSlowSend, let model else { return reduceObserved(intent) }
    return model.reduce(&_state, intent)
  }

  @usableFromInline
  func reduceObserved(_ intent: M.Intent) -> Effect<M.Intent, M.SideEffect> {
    guard let model else { return .none }
    let effect: Effect<M.Intent, M.SideEffect>
    if let flowObserver {
      flowObserver(.intent(intent))
      let before = _state
      effect = model.reduce(&_state, intent)
      if !isEqualIfEquatable(before, _state) {
        flowObserver(.stateChanged(from: before, to: _state))
      }
    } else {
      effect = model.reduce(&_state, intent)
    }
    notifyObservers()
    return effect
  }

  private func connectRunner() {
    runner.intentSink = { [weak self] intent, cascade in self?.receive(intent, into: cascade) }
    runner.sideEffectSink = { [weak self] sideEffect in
      guard let self else { return }
      self.flowObserver?(.sideEffect(sideEffect))
      self.channel.send(sideEffect)
    }
    runner.errorSink = { [weak self] error in
      guard let self else { return }
      if let flowObserver = self.flowObserver {
        flowObserver(.unhandledError(error))
      } else {
        let message =
          "MVIKit: an effect of Store<\(M.self)> threw an error with no catch: handler: \(error)\n"
        FileHandle.standardError.write(Data(message.utf8))
      }
    }
  }

  func updateNeedsSlowSend() {
    needsSlowSend =
      parent != nil || flowObserver != nil || tracksWholeState || !tracked.isEmpty
      || stateStreams.withLock { !$0.isEmpty }
  }
}

extension Store: Observable {}
