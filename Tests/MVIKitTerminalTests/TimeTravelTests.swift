import MVIKit
import MVIKitRecording
import MVIKitTerminal
import Testing

@MainActor
@Suite struct TimeTravelTests {
  private func counterTerminal() -> (HeadlessTerminal, Store<Counter>, StateHistory<Counter>) {
    let history = StateHistory<Counter>()
    let store = Store(initialState: Counter.State(), model: Counter(), attaching: [history])
    let terminal = HeadlessTerminal(
      store: store, size: Size(width: 60, height: 8), timeTravel: history
    ) {
      VStack {
        Text("Count: \(store.count)")
      }
      .onKey(["+"], help: "Increment") { store.send(.increment) }
    }
    return (terminal, store, history)
  }

  @Test func ctrlTStepsThroughPastStatesAndEscReturnsToLive() {
    let (terminal, store, history) = counterTerminal()
    terminal.press("+", "+", "+")
    #expect(terminal.grid.contains("Count: 3"))

    terminal.press(.ctrl("t"))
    #expect(terminal.grid.contains("TIME TRAVEL · state 4 of 4"))
    #expect(terminal.grid.contains("after the view's increment"))
    terminal.press(.left)
    #expect(terminal.grid.contains("Count: 2"))
    #expect(terminal.grid.contains("state 3 of 4"))
    terminal.press(.home)
    #expect(terminal.grid.contains("Count: 0"))
    #expect(terminal.grid.contains("the first state kept"))
    // The View's keys do nothing while the past shows.
    terminal.press("+")
    #expect(terminal.grid.contains("Count: 0"))
    terminal.press(.right)
    #expect(terminal.grid.contains("Count: 1"))

    terminal.press(.escape)
    #expect(history.isLive)
    #expect(!terminal.grid.contains("TIME TRAVEL"))
    #expect(terminal.grid.contains("Count: 3"))
    #expect(store.count == 3)
    terminal.press("+")
    #expect(terminal.grid.contains("Count: 4"))
  }

  @Test func withoutAHistoryCtrlTIsAnOrdinaryKey() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(store: store, size: Size(width: 60, height: 8)) {
      Text("Count: \(store.count)")
        .onKey([.ctrl("t")], help: "Increment") { store.send(.increment) }
    }
    terminal.press(.ctrl("t"))
    #expect(terminal.grid.contains("Count: 1"))
  }
}
