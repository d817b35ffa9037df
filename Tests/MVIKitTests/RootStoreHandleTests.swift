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

  @Test func aTapThatLeavesAsItHearsAnEventLetsTheTapsAfterItHearItToo() {
    let keeper = Keeper()
    let store = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }), attaching: [keeper])
    guard let handle = keeper.handle else { return #expect(Bool(false), "no handle") }
    var heardByLeaver = 0
    var heardByStayer: [String] = []
    var leaver: FlowTap<Counter>?
    leaver = handle.addTap { _, _ in
      heardByLeaver += 1
      if let tap = leaver { handle.removeTap(tap) }
      leaver = nil
    }
    _ = handle.addTap { event, _ in heardByStayer.append("\(event)") }
    store.send(.increment)
    store.send(.increment)
    #expect(heardByLeaver == 1)
    // The intent and the change of each send.
    #expect(heardByStayer.count == 4)
  }
}
