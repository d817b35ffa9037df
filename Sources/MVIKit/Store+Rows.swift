extension Store {
  /// The store of the row with `id`, while the row is in the list; nil otherwise.
  ///
  /// Row stores are cached per id and freed with this store; a removed row's store keeps its
  /// last state read through it and drops what it is sent, with a report; a row added back
  /// with the same id gets a new store.
  public func scope<Row: Model>(_ link: RowsLink<M, Row>, id: Row.State.ID) -> Store<Row>? {
    guard let row = currentState[keyPath: link.state][id: id] else { return nil }
    return group(for: link).store(for: id, initial: row)
  }

  /// One store per row, in the list's order: what a list view iterates.
  ///
  /// Reading it in an observing context tracks which rows there are and their order, not the
  /// rows' contents: each row view observes its own store.
  public func scope<Row: Model>(_ link: RowsLink<M, Row>) -> [Store<Row>] {
    _ = self[dynamicMember: link.state.appending(path: \.structureRevision)]
    // One read of the rows and one group lookup for the whole list: this runs on every render.
    let rows = currentState[keyPath: link.state]
    let group = group(for: link)
    group.prune(keeping: rows)
    return rows.map { group.store(for: $0.id, initial: $0) }
  }

  func group<Row: Model>(for link: RowsLink<M, Row>) -> RowGroup<M, Row> {
    if let group = children[link.key] { return unsafeDowncast(group, to: RowGroup<M, Row>.self) }
    let group = RowGroup(parent: self, link: link)
    children.all.append((group, group))
    return group
  }
}
