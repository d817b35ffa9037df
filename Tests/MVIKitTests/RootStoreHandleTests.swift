import MVIKit
import Testing

@MainActor
@Suite struct RootStoreHandleTests {
  /// Keeps the handle it is given, as a debugging aid does for as long as it lives.
  final class Keeper: StoreAttachment {
    var handle: RootStoreHandle<Counter>?
    func attach(to root: RootStoreHandle<Counter>) { handle = root }
  }

  @Test func aHandleKeptPastItsStoreLetsTheStoreGoAndThenReadsNothing() {
    let keeper = Keeper()
    weak var freed: Store<Counter>?
    do {
      let store = Store(
        initialState: Counter.State(), model: Counter(fact: { "\($0)" }), attaching: [keeper])
      freed = store
      store.send(.increment)
      #expect(keeper.handle?.state?.count == 1)
    }
    #expect(freed == nil)
    #expect(keeper.handle?.state == nil)
    #expect(keeper.handle?.reportedStepCount == 0)
    // Nothing to send to any more: the intent goes nowhere.
    keeper.handle?.send(.increment)
    #expect(keeper.handle?.state == nil)
  }
}
