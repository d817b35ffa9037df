import MVIKit
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct SideEffectTests {
  @Test func deliveredInOrderAndBufferedUntilSomeoneListens() async {
    let store = Store(initialState: Lab.State(), model: Lab())
    store.send(.merged)
    await store.send(.echo("one")).finish()
    await store.send(.echo("two")).finish()
    var iterator = store.sideEffects.makeAsyncIterator()
    #expect(await iterator.next() == .said("b"))
    #expect(await iterator.next() == .said("one"))
    #expect(await iterator.next() == .said("two"))
  }

  @Test func deliveredExactlyOnceAcrossResubscriptions() async {
    let store = Store(initialState: Lab.State(), model: Lab())
    await store.send(.echo("one")).finish()
    await store.send(.echo("two")).finish()
    var first = store.sideEffects.makeAsyncIterator()
    #expect(await first.next() == .said("one"))
    // The first view goes away; a new one subscribes and gets only what it has not seen.
    var second = store.sideEffects.makeAsyncIterator()
    #expect(await second.next() == .said("two"))
    #expect(store.pendingSideEffectCount == 0)
  }

  @Test func waitingSubscriberIsWokenByANewSideEffect() async {
    let store = Store(initialState: Lab.State(), model: Lab())
    let sideEffects = store.sideEffects
    let listener = Task {
      var iterator = sideEffects.makeAsyncIterator()
      return await iterator.next()
    }
    await Task.yield()
    store.send(.echo("hello"))
    #expect(await listener.value == .said("hello"))
  }

  @Test func sequenceEndsWhenTheStoreIsGone() async {
    var store: Store<Lab>? = Store(initialState: Lab.State(), model: Lab())
    let sideEffects = store!.sideEffects
    store = nil
    var iterator = sideEffects.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test func cancellingAWaitingSubscriberLosesNothing() async {
    let store = Store(initialState: Lab.State(), model: Lab())
    let sideEffects = store.sideEffects
    let listener = Task {
      var iterator = sideEffects.makeAsyncIterator()
      return await iterator.next()
    }
    await Task.yield()
    listener.cancel()
    #expect(await listener.value == nil)
    await store.send(.echo("kept")).finish()
    var iterator = sideEffects.makeAsyncIterator()
    #expect(await iterator.next() == .said("kept"))
  }
}
