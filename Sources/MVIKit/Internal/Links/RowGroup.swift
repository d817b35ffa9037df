/// The row stores scoped from one ``RowsLink`` of a parent store.
///
/// After the parent reduces, it reads the rows' change record and refreshes only the observed
/// rows that changed, so a list of thousands of observed rows costs what one row costs. When
/// rows were added, removed or moved it looks at every row once, and cuts removed rows' stores
/// off.
@MainActor
final class RowGroup<Parent: Model, Row: Model>: ObservedChild, ChildEntry
where Row.State: Identifiable, Row.State.ID: Sendable {
  typealias ID = Row.State.ID
  typealias RowStore = (store: Store<Row>, link: ScopeLink<RowLink<Parent, Row>>)

  /// The parent, which holds this group for as long as it lives.
  unowned let parent: Store<Parent>
  let link: RowsLink<Parent, Row>
  /// Each row's store, with its way up, through which the group cuts it off.
  @exclusivity(unchecked) private(set) var stores: [ID: RowStore] = [:]
  @exclusivity(unchecked) private var observed = 0
  @exclusivity(unchecked) private var seenVersion = -1

  init(parent: Store<Parent>, link: RowsLink<Parent, Row>) {
    self.parent = parent
    self.link = link
  }

  var key: ScopeKey { link.key }
  var isObserved: Bool { observed > 0 }
  var canBeAbsent: Bool { false }
  var isGone: Bool { false }

  func store(for id: ID, initial: Row.State) -> Store<Row> {
    if let row = stores[id] {
      if !row.store.isCutOff { return row.store }
      detach(id, row)
    }
    let row: RowStore = parent.makeScoped(
      link.row(id), initial: initial, route: ScopeLink<RowLink<Parent, Row>>.route)
    stores[id] = row
    return row.store
  }

  func setSendsSites(_ isOn: Bool) {
    for (_, row) in stores { row.store.setSendsSites(isOn) }
  }

  /// Drops the stores of rows that are gone.
  func prune(keeping rows: Rows<Row.State>) {
    for (id, row) in stores where rows[id: id] == nil { detach(id, row) }
  }

  func childObservationChanged(isObserved: Bool) {
    let wasObserved = self.isObserved
    observed += isObserved ? 1 : -1
    if wasObserved != self.isObserved { parent.childObservationChanged(isObserved: !wasObserved) }
  }

  func refresh() {
    let rows = parent.currentState[keyPath: link.state]
    let version = rows.changes.version
    guard version != seenVersion else { return }
    let incremental = rows.changes.forEachChanged(since: seenVersion) { id in
      if let row = stores[id], row.store.isObservedByItsParent { row.link.refresh() }
    }
    if !incremental {
      prune(keeping: rows)
      for (_, row) in stores where row.store.isObservedByItsParent { row.link.refresh() }
    }
    seenVersion = version
  }

  func route(_ sideEffect: Parent.SideEffect) -> Bool {
    guard let keyed = link.sideEffects.extract(sideEffect), let row = stores[keyed.id] else {
      return false
    }
    return row.store.accept(keyed.value)
  }

  func detach() { for (id, row) in stores { detach(id, row) } }

  func parentFreed() { for row in stores.values { row.link.parentFreed() } }

  private func detach(_ id: ID, _ row: RowStore) {
    if row.store.isObservedByItsParent { childObservationChanged(isObserved: false) }
    row.link.detach()
    stores[id] = nil
  }
}
