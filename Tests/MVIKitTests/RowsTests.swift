import MVIKit
import MVIKitTesting
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct RowsLinkTests {
  @Test func aRowIntentChangesOnlyThatRow() {
    let store = Store(initialState: Checklist.State(), model: Checklist())
    store.send(.items(Keyed(1, .toggled)))
    #expect(store.items.map(\.isDone) == [false, true, false])
    let row = store.scope(Checklist.items, id: 2)
    row?.send(.renamed("milk"))
    #expect(store.items[id: 2]?.title == "milk")
    #expect(row?.title == "milk")
    #expect(store.scope(Checklist.items, id: 2) === row)
    #expect(store.scope(Checklist.items).map(\.id) == [0, 1, 2])
  }

  @Test func anIntentForAMissingRowIsReportedAndDropped() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Checklist.State(), model: Checklist(), attaching: [warnings.observer()])
    store.send(.items(Keyed(42, .toggled)))
    #expect(store.state == Checklist.State())
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("row 42") == true)
  }

  @Test func removingARowCancelsItsEffectsAndCutsItsStoreOff() async {
    let model = Checklist()
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Checklist.State(), model: model, attaching: [warnings.observer()])
    let rows = store.scope(Checklist.items)
    let saving = rows[0].send(.saveTapped)
    let other = rows[1].send(.saveTapped)
    store.send(.removeTapped(0))
    await saving.finish()
    #expect(model.item.cancelled.withLock { $0 } == 1)
    #expect(store.runningEffectCount == 1)
    other.cancel()
    // The list re-scoped after the removal no longer has the row; its old store drops sends.
    #expect(store.scope(Checklist.items).map(\.id) == [1, 2])
    rows[0].send(.toggled)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("toggled") == true)
    #expect(store.items.count == 2)
  }

  @Test func aRemovedRowsStoreKeptPastItsParentDropsWhatItIsSent() {
    var store: Store<Checklist>? = Store(initialState: Checklist.State(), model: Checklist())
    let row = store?.scope(Checklist.items, id: 0)
    store?.send(.removeTapped(0))
    // Scoping the list again prunes the removed row: the group forgets its store.
    #expect(store?.scope(Checklist.items).map(\.id) == [1, 2])
    store = nil
    row?.send(.toggled)
    #expect(row?.isDone == false)
  }

  @Test func theTestStoreSeesARemovedRowsEffectsAsFinished() async {
    let store = TestStore(initialState: Checklist.State(count: 1), model: Checklist())
    await store.send(.items(Keyed(0, .saveTapped)))
    await store.send(.removeTapped(0)) { $0.items = [] }
    await store.finish()
  }

  @Test func aRowStoreReceivesItsOwnSideEffects() async {
    let store = Store(initialState: Checklist.State(), model: Checklist())
    let row = store.scope(Checklist.items, id: 1)
    var sideEffects = row?.sideEffects.makeAsyncIterator()
    row?.send(.announced)
    #expect(await sideEffects?.next() == .said("item 1"))
    // A row without a store of its own reports through the list's store.
    store.send(.items(Keyed(2, .announced)))
    var listSideEffects = store.sideEffects.makeAsyncIterator()
    #expect(await listSideEffects.next() == .items(Keyed(2, .said("item 2"))))
  }

  @Test func aRowChangedTwiceInOneIntentNotifiesItsObserverOnce() {
    let store = Store(initialState: Checklist.State(), model: Checklist())
    let row = store.scope(Checklist.items, id: 1)!
    var titles: [String] = []
    let observation = row.observe { titles.append($0.title) }
    store.send(.retitled(1, "milk"))
    #expect(titles == ["item 1", "milk"])
    observation.cancel()
  }

  @Test func ofAThousandObservedRowsOnlyTheChangedOneIsNotified() {
    let store = Store(initialState: Checklist.State(count: 1_000), model: Checklist())
    let rows = store.scope(Checklist.items)
    let notified = Locked<[Int]>([])
    func observeAll() {
      for row in rows {
        let id = row.id
        withObservationTracking {
          _ = row.isDone
        } onChange: {
          notified.withLock { $0.append(id) }
        }
      }
    }
    observeAll()
    store.send(.items(Keyed(500, .toggled)))
    #expect(notified.withLock { $0 } == [500])
    store.send(.headlineChanged("no row changes"))
    #expect(notified.withLock { $0 } == [500])
    // A change the parent makes to every row reaches every row it changed (500 was done).
    notified.withLock { $0 = [] }
    store.send(.allDone)
    let changed = notified.withLock { $0 }
    #expect(changed.count == 999 && Set(changed).count == 999 && !changed.contains(500))
  }
}
