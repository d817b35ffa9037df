extension Store {
  /// The store of a child model, for a child view: `appStore.scope(App.counter)`.
  ///
  /// A scoped store is a whole store. It reads its state from this store, so it is never stale
  /// and observation stays per member; its ``send(_:)`` goes up to the root store and returns a
  /// task whose ``StoreTask/finish()`` waits for the whole cascade; its ``states`` follows every
  /// change, whichever store the intent came through; its ``sideEffects`` receives the child's
  /// side effects, once its ``sideEffects`` has been read; its ``flowObserver`` sees the intents reduced for the child and the child's
  /// state changes.
  ///
  /// Scoping twice to the same child returns the same store. It is cached by this store and
  /// freed with it.
  @inlinable
  public func scope<Child: Model>(_ link: ChildLink<M, Child>) -> Store<Child> {
    // Built here, where both models are concrete, so a send through many scopes stays cheap.
    let up = sendUp
    let embed = link.embedIntent
    return scope(link, send: { intent in up(embed(intent)) })
  }

  @usableFromInline
  func scope<Child: Model>(
    _ link: ChildLink<M, Child>, send: @escaping @MainActor (Child.Intent) -> StoreTask
  ) -> Store<Child> {
    let state = link.state
    return scope(
      key: ScopeKey(state: state, model: ObjectIdentifier(Child.self), id: nil),
      initial: currentState[keyPath: state],
      read: { $0[keyPath: state] },
      send: send,
      extractIntent: link.extract,
      extractSideEffect: link.extractSideEffect)
  }

  /// How a store scoped from this one sends: straight to the root store's send, skipping the
  /// stores in between.
  @inlinable
  var sendUp: @MainActor (M.Intent) -> StoreTask {
    scopedSend ?? { [weak self] intent in
      guard let self else {
        writeRuntimeWarning(
          "a scoped store sent \(intent) after its root store was freed; dropped.")
        return StoreTask(nil)
      }
      return self.send(intent)
    }
  }

  /// The store of an optional child while it is there, nil while its state is nil.
  ///
  /// A store serves one presentation: once the child is dismissed, its store is cut off for
  /// good (even if the child is presented again before anything reads it) and keeps the last
  /// state read through it, dropping what it is sent, with a report. Call this again after a
  /// new presentation for the new child's store.
  @inlinable
  public func scope<Child: Model>(_ link: OptionalChildLink<M, Child>) -> Store<Child>? {
    let up = sendUp
    let embed = link.embedIntent
    return scope(link, send: { intent in up(embed(intent)) })
  }

  @usableFromInline
  func scope<Child: Model>(
    _ link: OptionalChildLink<M, Child>, send: @escaping @MainActor (Child.Intent) -> StoreTask
  ) -> Store<Child>? {
    let state = link.state
    let key = ScopeKey(state: state, model: ObjectIdentifier(Child.self), id: nil)
    guard let initial = currentState[keyPath: state] else {
      removeChild(key)
      return nil
    }
    return scope(
      key: key, initial: initial, read: { $0[keyPath: state] }, send: send,
      extractIntent: link.extract, extractSideEffect: link.extractSideEffect, isOptional: true)
  }

  /// A store for a child model's part of this store's state.
  ///
  /// Superseded by ``scope(_:)-(ChildLink<M,Child>)`` with a ``ChildLink``, which needs no type annotation and also
  /// routes the child's side effects to the scoped store.
  @available(*, deprecated, message: "Define a ChildLink once and call scope(_:) with it.")
  public func scope<Child: Model>(
    state: KeyPath<M.State, Child.State>,
    intent embed: @escaping (Child.Intent) -> M.Intent
  ) -> Store<Child> {
    let up = sendUp
    return scope(
      key: ScopeKey(state: state, model: ObjectIdentifier(Child.self), id: nil),
      initial: currentState[keyPath: state],
      read: { $0[keyPath: state] },
      send: { intent in up(embed(intent)) },
      extractIntent: { EnumCase.extract($0, embed: embed) },
      extractSideEffect: { _ in nil })
  }

  func scope<Child: Model>(
    key: ScopeKey,
    initial: Child.State,
    read: @escaping (M.State) -> Child.State?,
    send: @escaping @MainActor (Child.Intent) -> StoreTask,
    extractIntent: @escaping (M.Intent) -> Child.Intent?,
    extractSideEffect: @escaping (M.SideEffect) -> Child.SideEffect?,
    isOptional: Bool = false
  ) -> Store<Child> {
    if let cached = children[key]?.store {
      let store = unsafeDowncast(cached, to: Store<Child>.self)
      if !store.isDetached { return store }
      removeChild(key)
    }
    let child = Store<Child>(
      scopedState: initial,
      upstreamState: { [weak self] in self.flatMap { read($0.currentState) } },
      send: send)
    child.upstream = self
    var isGone: (@MainActor () -> Bool)?
    if isOptional { isGone = { @MainActor in child.isGone } }
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
        return child.accept(childSideEffect)
      },
      detach: { child.detach() },
      isGone: isGone)
    if isOptional {
      optionalChildren += 1
      updateNeedsSlowSend()
    }
    return child
  }

  /// Forgets the scoped store at `key`, whose part of the state is gone.
  func removeChild(_ key: ScopeKey) {
    guard let entry = children.removeValue(forKey: key) else { return }
    if entry.isObserved() { childObservationChanged(isObserved: false) }
    entry.detach()
    if entry.isGone != nil {
      optionalChildren -= 1
      updateNeedsSlowSend()
    }
  }

  /// Whether this scoped store's part of its parent's state is gone; reading it cuts the store
  /// off if so.
  var isGone: Bool {
    _ = currentState
    return isDetached
  }

  /// Brings a scoped store up to date after its parent reduced an intent.
  func upstreamChanged(after intent: M.Intent?) {
    guard !isDetached, let upstreamState, let state = upstreamState() else { return }
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
