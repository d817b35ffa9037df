extension Store {
  /// A store for a child model's part of this store's state, for a child view.
  ///
  /// The child store reads its state from this store (so it is never stale, and observation
  /// stays fine-grained) and sends its intents up, embedded with `embed`. Side effects are
  /// delivered through the root store.
  ///
  /// ```swift
  /// let counterStore: Store<Counter> = appStore.scope(state: \.counter, intent: App.Intent.counter)
  /// ```
  @inlinable
  public func scope<Child: Model>(
    state: KeyPath<M.State, Child.State>,
    intent embed: @escaping (Child.Intent) -> M.Intent
  ) -> Store<Child> {
    Store<Child>(
      scopedFrom: link(state: state, embed: embed),
      send: { [self] intent in self.send(embed(intent)) })
  }

  @usableFromInline
  func link<ChildState, ChildIntent>(
    state: KeyPath<M.State, ChildState>,
    embed: @escaping (ChildIntent) -> M.Intent
  ) -> any StoreParent<ChildState, ChildIntent> {
    ScopeLink(parent: self, statePath: state, embed: embed)
  }
}
