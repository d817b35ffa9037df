/// A debugging aid that a root store carries from its first state, such as MVIKitRecording's
/// `Recorder` and `StateHistory`.
///
/// Attachments are given to ``Store/init(initialState:model:attaching:)``, the initialiser of a
/// root store. A scoped store has no such initialiser, so recording or time travel on one does
/// not compile.
@MainActor
public protocol StoreAttachment<M>: AnyObject {
  /// The model of the store this attaches to.
  associatedtype M: Model
  /// Called once by the root store's initialiser, before the store reduces any intent.
  func attach(to root: RootStoreHandle<M>)
}

/// What an attachment reaches of the root store it is attached to: the one way every layer
/// (flow observers, time travel, recording, persistence, the inspector) attaches to a store's
/// engine, which names none of them. Only a root store's initialiser makes one; its hooks are
/// for the attachments of this package.
@MainActor
public struct RootStoreHandle<M: Model> {
  // The engine, not the store, is held weakly: an object held weakly gets a side table, and
  // each retain and release of it takes a slower path. The store is retained on every send;
  // the engine is not.
  private weak var engine: StoreEngine<M>?

  /// The root store, until it is freed: its engine lets go of it as it goes.
  var store: Store<M>? { engine?.face }

  init(_ store: Store<M>) { engine = store.engine }

  /// The handle of `store` when it is a root store, for a debugging aid attached after the
  /// store was made (MVIKitInspector's `Inspector`); nil for a scoped store.
  package init?(root store: Store<M>) {
    guard store.engine != nil else { return nil }
    self.init(store)
  }

  /// The store's live state, or nil once the store is gone.
  public var state: M.State? {
    guard let engine, engine.face != nil else { return nil }
    return engine.pause?.live ?? engine.state
  }

  /// Calls `receive` with each intent, state change and side effect of the store's flow, and
  /// its context (where the intent came from, the run that sent it, the View's site), and
  /// `effects` (when given) with each effect run's start and
  /// end, until ``removeTap(_:)``. It sees misuse reports and unhandled errors too, which still
  /// go to standard error unless a ``FlowObserver`` is attached.
  package func addTap(
    _ receive: @escaping @MainActor (FlowEvent<M>, FlowContext) -> Void,
    effects: (@MainActor (EffectLifecycleEvent) -> Void)? = nil
  ) -> FlowTap<M> {
    add(FlowTap(receive, effects: effects, kind: .tap))
  }

  /// Adds `tap` after the store's other taps.
  @discardableResult
  func add(_ tap: FlowTap<M>) -> FlowTap<M> {
    engine?.attach(tap)
    return tap
  }

  package func removeTap(_ tap: FlowTap<M>) { engine?.detach(tap) }

  /// How many intents the store has told its attachments about: the step number
  /// ``EffectLifecycleEvent/step`` counts in. An attachment that numbers the steps it hears
  /// from 1 subtracts what this was when it attached.
  package var reportedStepCount: Int { engine?.step ?? 0 }

  /// The store's model: what a debugging aid explores a recorded session with (its
  /// dependencies are never called there).
  package var model: M? { engine?.model }

  /// Calls `changed` when the next intent is reduced, once; call again to hear of the one
  /// after. What state persistence uses to learn that there may be something to save: a tap
  /// that removes itself, so only the one send that tells it takes the slow path.
  package func onNextChange(_ changed: @escaping @MainActor () -> Void) {
    guard let engine else { return }
    // Weak, so that a tap that never fires does not keep itself.
    weak var once: FlowTap<M>?
    let tap = FlowTap<M>(
      { [weak engine] event, _ in
        guard case .intent = event, let tap = once else { return }
        once = nil
        engine?.detach(tap)
        changed()
      }, kind: .tap)
    once = tap
    engine.attach(tap)
  }

  /// Replaces the state before the store reduces anything: what state persistence loaded.
  package func restore(_ state: M.State) { engine?.state = state }

  /// Sends `intent` to the store, as the View does.
  package func send(_ intent: M.Intent) { store?.sendFromUnknownSite(intent) }

  /// Shows `state` to the View while the live state waits: the View is paused (see
  /// ``Store/isShowingPast``) until ``resumeLive()``. Driven by MVIKitTimeTravel's
  /// `StateHistory` and MVIKitInspector's `Inspector`.
  ///
  /// - Parameters:
  ///   - owner: Who shows it. A state shown by another owner is let go first.
  ///   - letGo: Called once the state that `owner` shows is shown no more: the store returned
  ///     to live (``Store/returnToLive()``, say), or another owner showed a state of its own.
  package func showPast(
    _ state: M.State, by owner: AnyObject, letGo: @escaping @MainActor () -> Void
  ) {
    engine?.pause(showing: state, by: owner, letGo: letGo)
  }

  /// Shows the live state again and reduces the intents effects sent meanwhile, in order,
  /// after any that observers send on seeing the live state.
  package func resumeLive() { engine?.resume() }
}

/// An attachment that replaces the store's first state through
/// ``RootStoreHandle/restore(_:)``, as MVIKitPersistence's `StatePersistence` does. The root
/// store's initialiser attaches these before any other, so that what records or shows the flow
/// starts from the state the app really started from, whatever the order of `attaching:`.
package protocol StateRestoringAttachment: AnyObject {}
