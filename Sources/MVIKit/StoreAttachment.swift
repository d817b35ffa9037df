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

/// What an attachment reaches of the root store it is attached to. Only a root store's
/// initialiser makes one; its hooks are for the attachments of this package.
@MainActor
public struct RootStoreHandle<M: Model> {
  weak var store: Store<M>?

  init(_ store: Store<M>) {
    self.store = store
  }

  /// The store's live state, or nil once the store is gone.
  public var state: M.State? { store?.root?.liveState ?? store?._state }

  /// Calls `receive` with each intent, state change and side effect of the store's flow, and
  /// where the intent came from, until ``removeTap(_:)``.
  package func addTap(_ receive: @escaping @MainActor (FlowEvent<M>, IntentOrigin?) -> Void)
    -> FlowTap<M>
  {
    let tap = FlowTap(receive)
    store?.root?.taps.append(tap)
    store?.updateNeedsSlowSend()
    return tap
  }

  /// Adds `observe` after the store's flow observers.
  func addFlowObserver(_ observe: @escaping @MainActor (FlowEvent<M>) -> Void) {
    guard let root = store?.root else { return }
    defer { store?.updateNeedsSlowSend() }
    guard let earlier = root.flowObserver else {
      root.flowObserver = observe
      return
    }
    root.flowObserver = { (event: FlowEvent<M>) in
      earlier(event)
      observe(event)
    }
  }

  package func removeTap(_ tap: FlowTap<M>) {
    store?.root?.taps.removeAll { $0 === tap }
    store?.updateNeedsSlowSend()
  }

  /// The handle of `store` when it is a root store, for a debugging aid attached after the
  /// store was made (MVIKitInspector's `Inspector`); nil for a scoped store.
  package init?(root store: Store<M>) {
    guard store.root != nil else { return nil }
    self.init(store)
  }
  /// Shows `state` to the View while the live state waits; see ``resumeLive()``.
  package func showPast(_ state: M.State) { store?.showPast(state) }

  /// Shows the live state again and reduces the intents held meanwhile.
  package func resumeLive() { store?.resumeLive() }
}

/// One listener on a store's flow; the store holds it until it is removed.
@MainActor @usableFromInline
package final class FlowTap<M: Model> {
  @usableFromInline let receive: @MainActor (FlowEvent<M>, IntentOrigin?) -> Void

  init(_ receive: @escaping @MainActor (FlowEvent<M>, IntentOrigin?) -> Void) {
    self.receive = receive
  }
}
