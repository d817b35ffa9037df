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
  /// What the store runs by: a root store's engine, which owns the state, the model, the
  /// queue, effects and attachments; or a scoped store's way up to its parent, which keeps the
  /// state last read from it. See ``StoreCore``.
  @usableFromInline let core: StoreCore<M>
  /// Scoped stores cached by what they were scoped to; they live as long as this store.
  @exclusivity(unchecked) @usableFromInline var children = ChildStores<M>()
  /// Why a send must do more than reduce and run effects (notify observers, tell the taps,
  /// check and refresh scoped stores); empty when it need not. See ``SlowPathReasons``.
  // Declared after `children`, whose last bytes it shares a word with.
  @exclusivity(unchecked) @usableFromInline var slowPathReasons: SlowPathReasons = []
  /// Whether this scoped store's sends say where they were sent from (``SendSite``): its root
  /// has something attached. Beside `slowPathReasons`, in the same word.
  @exclusivity(unchecked) @usableFromInline var sendsSites = false
  /// Whether this scoped store is cut off for good: its part of its parent's state was seen
  /// gone, or its parent was cut off or forgot it. It then keeps the last state read through
  /// it and drops what it is sent. Always false in a root store. In the same word again.
  @exclusivity(unchecked) @usableFromInline var isCutOff = false
  /// The members of the state that `observe` closures or Observation-tracking contexts read.
  @exclusivity(unchecked) @usableFromInline
  var members: [AnyKeyPath: ObservedMember<Store, M.State>] = [:]
  /// Made on the first read in an Observation-tracking context.
  @usableFromInline lazy var observationRegistrar = ObservationRegistrar()

  /// Sees every intent, state change, side effect, unhandled effect error and reported
  /// misuse of a root store, in order.
  ///
  /// Deprecated: attach a ``FlowObserver`` when the store is made. A scoped store cannot take
  /// one, so setting it there no longer compiles once this property is removed; until then,
  /// setting it on a scoped store is reported as a misuse and changes nothing.
  @available(
    *, deprecated,
    message: "attach a FlowObserver when the store is made: Store(initialState:model:attaching:)"
  )
  public var flowObserver: (@MainActor (FlowEvent<M>) -> Void)? {
    get {
      guard let set = engine?.taps.first(where: { $0.kind == .deprecatedObserver }) else {
        return nil
      }
      return { set.receive($0, FlowContext(origin: nil)) }
    }
    set {
      guard let engine else {
        return writeRuntimeWarning(
          "Store<\(M.self)>: a scoped store has no flow of its own; set flowObserver on the root.")
      }
      for tap in engine.taps where tap.kind == .deprecatedObserver { engine.detach(tap) }
      if let newValue {
        engine.attach(FlowTap<M>({ event, _ in newValue(event) }, kind: .deprecatedObserver), at: 0)
      }
    }
  }

  /// Creates a root store that runs `model`, starting from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - model: The model whose `reduce` the store runs for every intent.
  ///   - attachments: What sees the store's whole flow from its first state: a
  ///     ``FlowObserver``, and debugging aids such as MVIKitRecording's `Recorder` and
  ///     MVIKitTimeTravel's `StateHistory`. Each attaches in the order given, except that what
  ///     restores a saved state (MVIKitPersistence's `StatePersistence`) attaches before the
  ///     rest, so that they all start from the restored state.
  public init(
    initialState: M.State, model: M, attaching attachments: [any StoreAttachment<M>] = []
  ) {
    let engine = StoreEngine(model: model, state: initialState)
    core = .root(engine)
    engine.face = self
    // What replaces the first state (state persistence's restore) attaches first, whatever
    // the order given: a recorder or the inspector then starts from the state the app really
    // started from, and no step is credited with the restore.
    for attachment in attachments where attachment is any StateRestoringAttachment {
      attachment.attach(to: RootStoreHandle(self))
    }
    for attachment in attachments where !(attachment is any StateRestoringAttachment) {
      attachment.attach(to: RootStoreHandle(self))
    }
  }

  /// A scoped store, reading and sending through `upstream`, which holds its state.
  init(upstream: Upstream<M>) {
    core = .scoped(upstream)
  }

  isolated deinit {
    core.storeFreed()
    for child in children.all { child.entry.parentFreed() }
    core.madeChannel?.finish()
    // An observation and the members it reads hold each other: let them go, which ends the
    // ``states`` streams.
    for member in members.values { member.releaseRuns() }
  }

  /// The whole current state. Reading it in an observing context tracks every change.
  public var state: M.State { read(\.self, comparing: .equalityIfEquatable) }

  /// The one-shot side effects of the model, each delivered once. See ``SideEffects``.
  ///
  /// A scoped store delivers the side effects of its child model: the parent's effect emits
  /// them wrapped in the parent's side effect case, and once this property of the scoped store
  /// has been read they are routed down to it instead of the parent's sequence.
  public var sideEffects: SideEffects<M.SideEffect> { sideEffectChannel }

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
  /// The call's file and line reach what is attached (the inspector shows them beside the
  /// intent, see ``SendSite``); a send with nothing attached does not touch them.
  ///
  /// - Parameters:
  ///   - intent: What the View asks for.
  ///   - fileID: The calling file; leave it to the compiler.
  ///   - line: The calling line; leave it to the compiler.
  /// - Returns: A handle on the asynchronous work the intent causes, including the work of
  ///   every intent that this work feeds back: ``StoreTask/finish()`` waits for all of it,
  ///   ``StoreTask/cancel()`` cancels all of it.
  @inlinable @inline(__always)
  @discardableResult
  public func send(_ intent: M.Intent, fileID: StaticString = #fileID, line: UInt = #line)
    -> StoreTask
  {
    // Always inlined: at a View's call site the optimiser would otherwise call it, a frame
    // more per send (`make bench-instructions` case 1: 67 instructions, from 40).
    core.send(intent, by: self, from: SendSite(fileID: fileID, line: line))
  }

  /// ``send(_:fileID:line:)`` as a function value, `(Intent) -> StoreTask`, as in
  /// `.map(store.send)`: its intents' ``SendSite`` is ``SendSite/unknown``. A call
  /// `store.send(intent)` picks the other, which knows its call site.
  @_disfavoredOverload
  @inlinable
  @discardableResult
  public func send(_ intent: M.Intent) -> StoreTask { sendFromUnknownSite(intent) }

  /// A send with no call site of the View's to give: `store.send` as a function value, a
  /// binding's edit, an Input/Output view model's input, a debugging aid's. Its intent's
  /// ``SendSite`` is ``SendSite/unknown``.
  @inlinable
  @discardableResult
  package func sendFromUnknownSite(_ intent: M.Intent) -> StoreTask {
    core.send(intent, by: self, from: .unknown)
  }

  /// A root store's send: reduces at once when nothing is attached or observed and the engine
  /// is not reducing already (`site` is then never read), else hands the intent to the engine.
  @inlinable @inline(__always)
  func send(
    _ intent: M.Intent, to engine: Unmanaged<StoreEngine<M>>, from site: SendSite
  ) -> StoreTask {
    // The store keeps its engine alive, so the send need not retain it.
    return withUnretained(engine) { engine in
      guard !needsSlowSend, !engine.isReducing else {
        return engine.send(intent, to: self, from: site)
      }
      // Marked as reducing: a dependency that holds the store may send to it from inside this
      // reduce, and that send must wait in the queue, not reduce inside this one (two accesses
      // to the state at once). It is drained once this reduce is done.
      engine.isReducing = true
      let effect = engine.reduce(intent)
      engine.isReducing = false
      if case .none = effect.operation, !engine.sentWhileReducing { return StoreTask(nil) }
      return StoreTask(engine.drain(self, after: effect, into: nil))
    }
  }
}

extension Store: Observable {}
