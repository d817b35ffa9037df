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

  init(_ store: Store<M>) { self.store = store }

  /// The store's live state, or nil once the store is gone.
  public var state: M.State? { store?.root?.shownPast?.live ?? store?._state }

  /// Calls `receive` with each intent, state change and side effect of the store's flow, and
  /// where the intent came from, until ``removeTap(_:)``. It sees misuse reports and unhandled
  /// errors too, which still go to standard error unless a ``FlowObserver`` is attached.
  package func addTap(_ receive: @escaping @MainActor (FlowEvent<M>, IntentOrigin?) -> Void)
    -> FlowTap<M>
  {
    add(FlowTap(receive, kind: .tap))
  }

  /// Adds `tap` after the store's other listeners.
  @discardableResult
  func add(_ tap: FlowTap<M>) -> FlowTap<M> {
    store?.root?.listeners.append(tap)
    store?.updateNeedsSlowSend()
    return tap
  }

  package func removeTap(_ tap: FlowTap<M>) {
    store?.root?.listeners.removeAll { $0 === tap }
    store?.updateNeedsSlowSend()
  }

  /// The handle of `store` when it is a root store, for a debugging aid attached after the
  /// store was made (MVIKitInspector's `Inspector`); nil for a scoped store.
  package init?(root store: Store<M>) {
    guard store.root != nil else { return nil }
    self.init(store)
  }
  /// Calls `changed` when the next intent is reduced, once; call again to hear of the one
  /// after. What state persistence uses to learn that there may be something to save: the one
  /// send that tells it takes the slow path, the others pay nothing.
  package func onNextChange(_ changed: @escaping @MainActor () -> Void) {
    guard let store, let root = store.root else { return }
    root.changeListener = changed
    store.updateNeedsSlowSend()
  }

  /// Replaces the state before the store reduces anything: what state persistence loaded.
  package func restore(_ state: M.State) { store?._state = state }

  /// Sends `intent` to the store, as the View does.
  package func send(_ intent: M.Intent) { store?.send(intent) }

  // Showing a past state: the View renders it while the live state waits. The View's intents
  // are refused meanwhile (they would be computed against the past); an effect's intents are
  // held, not lost, until the store is live again. Driven by MVIKitTimeTravel's `StateHistory`
  // and MVIKitInspector's `Inspector`.

  /// Shows `state` to the View while the live state waits; see ``resumeLive()``.
  ///
  /// - Parameters:
  ///   - owner: Who shows it. A past shown by another owner is let go first.
  ///   - letGo: Called once the past that `owner` shows is shown no more: the store returned
  ///     to live (``Store/returnToLive()``, say), or another owner showed a past of its own.
  package func showPast(
    _ state: M.State, by owner: AnyObject, letGo: @escaping @MainActor () -> Void
  ) {
    guard let store, let root = store.root else { return }
    if let shown = root.shownPast {
      root.shownPast = ShownPast(live: shown.live, owner: owner, letGo: letGo)
      if shown.owner !== owner { shown.letGo() }
    } else {
      root.shownPast = ShownPast(live: store._state, owner: owner, letGo: letGo)
      store.updateNeedsSlowSend()
      store.pastShowingChanged()
    }
    store._state = state
    store.notifyObservers()
  }

  /// Shows the live state again and reduces the intents held meanwhile, in order, after any
  /// that observers send on seeing the live state.
  package func resumeLive() { store?.returnToLive() }
}

extension Store {
  /// Whether the View is shown a past state, chosen in a debugging aid (a `StateHistory`'s
  /// time travel, the inspector's page), instead of the live one.
  ///
  /// Meanwhile the store refuses the View's intents, which would be computed against the past
  /// (a text field's next text is the shown text plus a key): a View shows that input is
  /// paused, as MVIKitTerminal's `TerminalApp` does with a bar. Intents that effects send are
  /// held and reduced, in order, once the store is live again. A scoped store answers false.
  ///
  /// Observable: a SwiftUI view or `withObservationTracking` that reads it runs again when a
  /// past state starts or stops showing.
  public var isShowingPast: Bool {
    observationRegistrar.access(self, keyPath: \.isShowingPast)
    return root?.shownPast != nil
  }

  /// Tells the contexts that read ``isShowingPast`` that it changed.
  func pastShowingChanged() {
    observationRegistrar.withMutation(of: self, keyPath: \.isShowingPast) {}
  }

  /// Shows the live state again, whichever debugging aid showed a past one, and reduces the
  /// intents that effects sent meanwhile. Nothing when the live state shows.
  public func returnToLive() {
    guard let root, let shown = root.shownPast else { return }
    root.shownPast = nil
    _state = shown.live
    shown.letGo()
    updateNeedsSlowSend()
    pastShowingChanged()
    // Observers see the live state first; what they send is reduced before the held intents,
    // which wait behind it in the deferred queue.
    notifyObservers()
    if !root.isReducing { _ = drain(after: .none, into: nil) }
  }
}

/// One listener on a root store's flow: a ``FlowObserver`` or a debugging aid's tap. The store
/// holds its listeners in one list, whose emptiness is what lets a send skip the flow.
@MainActor @usableFromInline
package final class FlowTap<M: Model> {
  /// Who listens, which decides whether misuse reports still go to standard error.
  enum Kind { case observer, deprecatedObserver, tap }

  @usableFromInline let receive: @MainActor (FlowEvent<M>, IntentOrigin?) -> Void
  let kind: Kind

  init(_ receive: @escaping @MainActor (FlowEvent<M>, IntentOrigin?) -> Void, kind: Kind) {
    self.receive = receive
    self.kind = kind
  }
}
