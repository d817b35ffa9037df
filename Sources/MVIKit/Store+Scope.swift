extension Store {
  /// The store of a child model, for a child view: `appStore.scope(App.counter)`.
  ///
  /// A scoped store is a whole store. It reads its state from this store, so it is never stale
  /// and observation stays per member; its ``send(_:fileID:line:)`` goes up to the root store
  /// and returns a task whose ``StoreTask/finish()`` waits for the whole cascade; its
  /// ``states`` follows every change, whichever store the intent came through; its
  /// ``sideEffects`` receives the child's side effects, once its ``sideEffects`` has been
  /// read. It has no model, queue, effect runner or flow of its own: the root store runs
  /// everything, and a ``FlowObserver`` attached to the root sees the child's intents in the
  /// parent's case.
  ///
  /// Scoping twice to the same child returns the same store. It is cached by this store and
  /// freed with it.
  @inlinable
  public func scope<Child: Model>(_ link: ChildLink<M, Child>) -> Store<Child> {
    // Inlinable, so that the send's route up is specialised where the types are known.
    scope(
      link.link, initial: currentState[keyPath: link.state],
      route: ScopeLink<MemberLink<M, Child>>.route)
  }

  /// The store of an optional child while it is there, nil while its state is nil.
  ///
  /// A store serves one presentation: once the child is dismissed, its store is cut off for
  /// good (even if the child is presented again before anything reads it) and keeps the last
  /// state read through it, dropping what it is sent, with a report. Call this again after a
  /// new presentation for the new child's store.
  @inlinable
  public func scope<Child: Model>(_ link: OptionalChildLink<M, Child>) -> Store<Child>? {
    scopeWhilePresent(
      link.link, route: ScopeLink<OptionalMemberLink<M, Child>>.route)
  }

  /// The store of a child that may be absent, while it is there; an absent child's store, if
  /// one was made, is forgotten.
  @usableFromInline
  func scopeWhilePresent<L: ModelLink>(_ link: L, route: @escaping Route<L.Child>)
    -> Store<L.Child>? where L.Parent == M
  {
    guard let initial = link.read(currentState) else {
      removeChild(link.key)
      return nil
    }
    return scope(link, initial: initial, route: route)
  }

  /// The one path that makes (or finds) a scoped store, for every kind of link; a store it
  /// makes sends by `route`.
  @usableFromInline
  func scope<L: ModelLink>(
    _ link: L, initial: L.Child.State, route: @escaping Route<L.Child>
  ) -> Store<L.Child> where L.Parent == M {
    if let cached = children[link.key] {
      let store = unsafeDowncast(cached, to: Store<L.Child>.self)
      if !store.isCutOff { return store }
      removeChild(link.key)
    }
    let (child, entry) = makeScoped(link, initial: initial, route: route)
    children.all.append((child, entry))
    if L.canBeAbsent {
      children.optional = true
      setSlowPath(.childMayGo, true)
    }
    return child
  }

  /// A new store scoped through `link`, and the entry its parent keeps.
  func makeScoped<L: ModelLink>(
    _ link: L, initial: L.Child.State, route: @escaping Route<L.Child>
  ) -> (Store<L.Child>, ScopeLink<L>) where L.Parent == M {
    let entry = ScopeLink(link, parent: self, route: route, state: initial)
    let child = Store<L.Child>(upstream: entry)
    child.sendsSites = sendsSites
    entry.child = child
    // Its sends skip this store on their way up, so they must not outlive this store's.
    if isCutOff { child.cutOff() }
    return (child, entry)
  }

  /// Has this store's scoped stores, and theirs, say where each send came from, or stop: on
  /// while something is attached to their root. A scoped store takes its parent's setting
  /// when it is made, so a store whose setting stands has children whose setting stands too:
  /// attaching a second tap, or re-arming one, walks no scoped store.
  func setSendsSites(_ isOn: Bool) {
    guard sendsSites != isOn else { return }
    sendsSites = isOn
    for (_, entry) in children.all { entry.setSendsSites(isOn) }
  }

  /// Forgets the scoped store at `key`, whose part of the state is gone.
  @usableFromInline
  func removeChild(_ key: ScopeKey) {
    guard let (store, removed) = children.remove(key) else { return }
    defer { withExtendedLifetime(store) {} }
    if removed.isObserved { childObservationChanged(isObserved: false) }
    removed.detach()
    if removed.canBeAbsent {
      children.optional = children.all.contains { $0.entry.canBeAbsent }
      setSlowPath(.childMayGo, children.optional)
    }
  }

  /// Cuts this scoped store off for good, and with it every store scoped from it, whose sends
  /// would skip it.
  @usableFromInline func cutOff() { core.cutOff(self) }

  /// The store of a child whose state is one case of an enum, while the state is that case;
  /// nil otherwise. Like an optional child's store, it serves one stretch of the case: once
  /// the case is replaced, it is cut off for good.
  @inlinable
  public func scope<Child: Model>(_ link: CaseLink<M, Child>) -> Store<Child>? {
    scopeWhilePresent(link.link, route: ScopeLink<EnumCaseLink<M, Child>>.route)
  }
}
