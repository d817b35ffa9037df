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

  /// A timeline the app keeps itself: the terminal steps through any `StateTimeline`, so it
  /// needs no debugging layer of its own.
  @MainActor final class SavedDrafts: StateTimeline {
    let drafts = ["first draft", "second draft"]
    var position: Int?
    var count: Int { drafts.count }
    func intent(at index: Int) -> (description: String, origin: IntentOrigin?)? {
      index == 0 ? nil : ("Drafts.Intent.saved(\"\(drafts[index])\")", .view)
    }
    func show(_ index: Int) { position = min(max(index, 0), count - 1) }
    func returnToLive() { position = nil }
  }

  @Test func anyTimelineIsSteppedThroughNotOnlyAStateHistory() {
    let drafts = SavedDrafts()
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(
      store: store, size: Size(width: 70, height: 8), timeTravel: drafts
    ) {
      Text("Count: \(store.count)")
    }
    terminal.press(.ctrl("t"))
    #expect(drafts.position == 1)
    #expect(terminal.grid.contains("TIME TRAVEL · state 2 of 2"))
    #expect(terminal.grid.contains("after the view's saved(\"second draft\")"))
    terminal.press(.left)
    #expect(drafts.position == 0)
    #expect(terminal.grid.contains("the first state kept"))
    terminal.press(.escape)
    #expect(drafts.position == nil)
    #expect(!terminal.grid.contains("TIME TRAVEL"))
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

  /// The inspector's travel, as the terminal sees it: another debugging aid shows a past state
  /// (here a history the terminal was not given). Typed keys would be read against the past
  /// field and applied live; they are paused instead, under a bar that says why.
  @Test func aPastShownByAnotherAidPausesTheKeysUnderABar() {
    let inspectorLike = StateHistory<Form>()
    let store = Store(initialState: Form.State(), model: Form(), attaching: [inspectorLike])
    let terminal = HeadlessTerminal(store: store, size: Size(width: 90, height: 10)) {
      FormView(store: store)
    }
    terminal.type("draft-A")
    #expect(store.email == "draft-A")
    // The step after the first key: the field shows "d".
    inspectorLike.show(1)
    #expect(terminal.grid.contains("PAST STATE"))
    #expect(terminal.grid.contains("Keys are paused"))
    terminal.type("XYZ")
    terminal.press(.enter)
    #expect(store.email == "d")
    #expect(store.submitted == 0)

    terminal.press(.escape)
    #expect(inspectorLike.isLive)
    #expect(!terminal.grid.contains("PAST STATE"))
    #expect(store.email == "draft-A")
    terminal.type("!")
    #expect(store.email == "draft-A!")
  }

  @Test func thePastBarShowsAsSoonAsAnotherAidShowsAnEqualState() {
    let inspectorLike = StateHistory<Counter>()
    let store = Store(initialState: Counter.State(), model: Counter(), attaching: [inspectorLike])
    let terminal = HeadlessTerminal(store: store, size: Size(width: 90, height: 8)) {
      Text("Count: \(store.count)")
    }
    #expect(!terminal.grid.contains("PAST STATE"))
    // The only state kept is the live one: nothing the View reads changes, the bar still shows.
    inspectorLike.show(0)
    #expect(terminal.grid.contains("PAST STATE"))
    store.returnToLive()
    #expect(!terminal.grid.contains("PAST STATE"))
  }
}
