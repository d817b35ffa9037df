extension Store {
  /// The store of a child model, for a child view: `appStore.scope(App.counter)`.
  ///
  /// A scoped store is a whole store. It reads its state from this store, so it is never stale
  /// and observation stays per member; its ``send(_:)`` goes up to the root store and returns a
  /// task whose ``StoreTask/finish()`` waits for the whole cascade; its ``states`` follows every
  /// change, whichever store the intent came through; its ``sideEffects`` receives the child's
  /// side effects; its ``flowObserver`` sees the intents reduced for the child and the child's
  /// state changes.
  ///
  /// Scoping twice to the same child returns the same store. It is cached by this store and
  /// freed with it.
  public func scope<Child: Model>(_ link: ChildLink<M, Child>) -> Store<Child> {
    let state = link.state
    return scope(
      key: ScopeKey(state: state, model: ObjectIdentifier(Child.self), id: nil),
      initial: currentState[keyPath: state],
      read: { $0[keyPath: state] },
      embed: link.embedIntent,
      extractIntent: link.extract,
      extractSideEffect: link.extractSideEffect)
  }

  /// A store for a child model's part of this store's state.
  ///
  /// Superseded by ``scope(_:)`` with a ``ChildLink``, which needs no type annotation and also
  /// routes the child's side effects to the scoped store.
  @available(*, deprecated, message: "Define a ChildLink once and call scope(_:) with it.")
  public func scope<Child: Model>(
    state: KeyPath<M.State, Child.State>,
    intent embed: @escaping (Child.Intent) -> M.Intent
  ) -> Store<Child> {
    scope(
      key: ScopeKey(state: state, model: ObjectIdentifier(Child.self), id: nil),
      initial: currentState[keyPath: state],
      read: { $0[keyPath: state] },
      embed: embed,
      extractIntent: { EnumCase.extract($0, embed: embed) },
      extractSideEffect: { _ in nil })
  }

  func scope<Child: Model>(
    key: ScopeKey,
    initial: Child.State,
    read: @escaping (M.State) -> Child.State?,
    embed: @escaping (Child.Intent) -> M.Intent,
    extractIntent: @escaping (M.Intent) -> Child.Intent?,
    extractSideEffect: @escaping (M.SideEffect) -> Child.SideEffect?
  ) -> Store<Child> {
    if let cached = children[key]?.store { return unsafeDowncast(cached, to: Store<Child>.self) }
    // A scope of a scope sends straight to the root's send, skipping the stores in between.
    let up: (M.Intent) -> StoreTask =
      scopedSend ?? { [weak self] intent in self?.send(intent) ?? StoreTask(nil) }
    let child = Store<Child>(
      scopedState: initial,
      upstreamState: { [weak self] in self.flatMap { read($0.currentState) } },
      send: { intent in up(embed(intent)) })
    child.upstream = self
    children[key] = ChildStore(
      store: child,
      isObserved: { child.needsSlowSend },
      refresh: { intent in
        // Reflection only for a flow observer or deeper scopes that may want the intent.
        let wantsIntent = child.flowObserver != nil || child.observedChildren > 0
        child.upstreamChanged(after: wantsIntent ? intent.flatMap(extractIntent) : nil)
      },
      route: { sideEffect in
        guard let childSideEffect = extractSideEffect(sideEffect) else { return false }
        child.deliver(childSideEffect)
        return true
      })
    return child
  }

  /// Brings a scoped store up to date after its parent reduced an intent.
  func upstreamChanged(after intent: M.Intent?) {
    guard let upstreamState, let state = upstreamState() else { return }
    _state = state
    if let flowObserver {
      if let intent { flowObserver(.intent(intent)) }
      if let baseline = flowBaseline, !isEqualIfEquatable(baseline, state) {
        flowObserver(.stateChanged(from: baseline, to: state))
      }
      flowBaseline = state
    }
    notifyObservers(after: intent)
  }
}

extension Store: ObservedChild {
  func childObservationChanged(isObserved: Bool) {
    observedChildren += isObserved ? 1 : -1
    updateNeedsSlowSend()
  }
}
