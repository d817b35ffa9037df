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

  /// The parent, which holds this group for as long as it lives.
  unowned let parent: Store<Parent>
  let link: RowsLink<Parent, Row>
  @exclusivity(unchecked) private(set) var stores: [ID: Store<Row>] = [:]
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
    if let store = stores[id] {
      if !store.isCutOff { return store }
      detach(id, store)
    }
    let (store, _) = parent.makeScoped(
      link.row(id), initial: initial, route: ScopeLink<RowLink<Parent, Row>>.route)
    stores[id] = store
    return store
  }

  func setSendsSites(_ isOn: Bool) {
    for (_, store) in stores { store.setSendsSites(isOn) }
  }

  /// Drops the stores of rows that are gone.
  func prune(keeping rows: Rows<Row.State>) {
    for (id, store) in stores where rows[id: id] == nil { detach(id, store) }
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
      if let store = stores[id], store.isObservedByItsParent { store.upstreamChanged() }
    }
    if !incremental {
      prune(keeping: rows)
      for (_, store) in stores where store.isObservedByItsParent { store.upstreamChanged() }
    }
    seenVersion = version
  }

  func route(_ sideEffect: Parent.SideEffect) -> Bool {
    guard let keyed = link.sideEffects.extract(sideEffect), let store = stores[keyed.id] else {
      return false
    }
    return store.accept(keyed.value)
  }

  func detach() { for (id, store) in stores { detach(id, store) } }

  func parentFreed() { for store in stores.values { store.upstream?.parentFreed() } }

  private func detach(_ id: ID, _ store: Store<Row>) {
    if store.isObservedByItsParent { childObservationChanged(isObserved: false) }
    store.upstream?.detach()
    stores[id] = nil
  }
}
