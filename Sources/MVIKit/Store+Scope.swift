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
    // A scope of a scope sends straight to the root's send, skipping the stores in between.
    let up: (M.Intent) -> StoreTask = scopedSend ?? { [self] intent in self.send(intent) }
    return Store<Child>(
      scopedFrom: link(state: state, embed: embed),
      send: { intent in up(embed(intent)) })
  }

  @usableFromInline
  func link<ChildState, ChildIntent>(
    state: KeyPath<M.State, ChildState>,
    embed: @escaping (ChildIntent) -> M.Intent
  ) -> any StoreParent<ChildState, ChildIntent> {
    ScopeLink(parent: self, statePath: state, embed: embed)
  }
}
