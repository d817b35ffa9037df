import MVIKit
import MVIKitRecording
import Testing

@MainActor
@Suite struct StateHistoryTests {
  @Test func stepsBackAndForwardThroughStatesThenReturnsToLive() {
    let history = StateHistory<Tick>()
    let store = Store(initialState: Tick.State(), model: Tick(), attaching: [history])
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    #expect(history.count == 4)
    #expect(history.entries.map(\.state.count) == [0, 1, 2, 3])
    #expect(history.entries.map(\.intent) == [nil, .increment, .increment, .increment])

    history.stepBack()
    #expect(history.position == 2)
    #expect(store.count == 2)
    history.stepBack()
    history.stepBack()
    history.stepBack()
    #expect(history.position == 0)
    #expect(store.count == 0)
    history.stepForward()
    #expect(store.count == 1)
    history.returnToLive()
    #expect(history.isLive)
    #expect(store.count == 3)
  }

  @Test func anEffectsAnswerInThePastIsHeldThenReduced() async {
    let history = StateHistory<Ledger>()
    let store = Store(initialState: Ledger.State(), model: Ledger(), attaching: [history])
    store.send(.added(Ledger.Entry(title: "a", amount: 1)))
    store.send(.pinTyped(Secret("1234")))
    // The effect starts live; its answer arrives while the past shows.
    let unlock = store.send(.unlockTapped)
    history.show(0)
    #expect(store.isShowingPast)
    #expect(store.entries.isEmpty)
    for _ in 0..<20 { await Task.yield() }
    #expect(store.entries.isEmpty)
    #expect(store.isUnlocked == false)

    history.returnToLive()
    await unlock.finish()
    #expect(!store.isShowingPast)
    #expect(store.entries.map(\.title) == ["a"])
    #expect(store.isUnlocked)
  }

  @Test func theViewsIntentsInThePastAreRefusedAndReported() {
    let history = StateHistory<Ledger>()
    var warnings: [String] = []
    let observer = FlowObserver<Ledger> { event in
      if case .runtimeWarning(let message) = event { warnings.append(message) }
    }
    let store = Store(
      initialState: Ledger.State(), model: Ledger(), attaching: [history, observer])
    store.send(.added(Ledger.Entry(title: "a", amount: 1)))
    history.show(0)
    // Computed against the past, this would be applied to the live state on return.
    store.send(.added(Ledger.Entry(title: "b", amount: 2)))
    #expect(store.entries.isEmpty)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("the View shows a past state") == true)
    history.returnToLive()
    #expect(store.entries.map(\.title) == ["a"])
    store.send(.added(Ledger.Entry(title: "c", amount: 3)))
    #expect(store.entries.map(\.title) == ["a", "c"])
  }

  @Test func anotherAidShowingThePastLetsTheHistoryGo() {
    let history = StateHistory<Tick>()
    let other = StateHistory<Tick>()
    let store = Store(initialState: Tick.State(), model: Tick(), attaching: [history, other])
    store.send(.increment)
    store.send(.increment)
    history.show(0)
    #expect(history.position == 0)
    other.show(1)
    #expect(history.isLive)
    #expect(other.position == 1)
    #expect(store.count == 1)
    store.returnToLive()
    #expect(other.isLive)
    #expect(store.count == 2)
  }

  @Test func observersSeeThePastStates() {
    let history = StateHistory<Tick>()
    let store = Store(initialState: Tick.State(), model: Tick(), attaching: [history])
    store.send(.increment)
    var seen: [Int] = []
    let observation = store.observe { seen.append($0.count) }
    history.show(0)
    history.returnToLive()
    #expect(seen == [1, 0, 1])
    observation.cancel()
  }

  @Test func keepsAtMostItsLimit() {
    let history = StateHistory<Tick>(limit: 3)
    let store = Store(initialState: Tick.State(), model: Tick(), attaching: [history])
    for _ in 0..<10 { store.send(.increment) }
    #expect(history.entries.map(\.state.count) == [8, 9, 10])
  }
}
