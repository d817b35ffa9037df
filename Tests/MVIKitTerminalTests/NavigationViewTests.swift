import MVIKit
import MVIKitNavigation
import MVIKitTerminal
import Testing

/// Pages pushed on a stack, and an alert, both as state.
struct Pages: Model {
  struct State: Equatable, Sendable {
    var path = NavigationStackState<String>()
    var alert: AlertState<Intent>?
    var cleared = 0
  }
  enum Intent: Equatable, Sendable {
    case path(NavigationIntent<String>)
    case clearTapped
    case clearConfirmed
    case alertDismissed
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .path(let navigation):
      state.path.apply(navigation)
    case .clearTapped:
      state.alert = AlertState(
        title: "Clear?", buttons: [.destructive("Clear", send: .clearConfirmed), .cancel("Keep")],
        dismissed: .alertDismissed)
    case .clearConfirmed:
      state.path.popToRoot()
      state.cleared += 1
    case .alertDismissed:
      state.alert = nil
    }
    return .none
  }
}

@MainActor
struct PagesView: View {
  let store: Store<Pages>

  var body: some View {
    NavigationStack(path: store.path.elements, onPop: { store.send(.path(.pop)) }) {
      Text("Home")
    } destination: { page in
      Text("Page \(page)")
    }
    .onKey("c", help: "Clear") { store.send(.clearTapped) }
    .alert(store.alert.map { Alert($0, send: { store.send($0) }) })
  }
}

@MainActor
@Suite struct NavigationViewTests {
  @Test func theStackShowsTheTopScreenAndEscPops() {
    let store = Store(
      initialState: Pages.State(path: NavigationStackState(["one", "two"])), model: Pages())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 5)) { PagesView(store: store) }
    #expect(terminal.grid.text[0].hasPrefix("Page two"))
    terminal.press(.escape)
    #expect(store.path.elements == ["one"])
    #expect(terminal.grid.text[0].hasPrefix("Page one"))
  }

  @Test func anAlertStateIsDrawnAndItsButtonSendsItsIntentThenDismissed() {
    let store = Store(
      initialState: Pages.State(path: NavigationStackState(["one"])), model: Pages())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 9)) { PagesView(store: store) }
    terminal.type("c")
    #expect(terminal.grid.description.contains("Clear?"))
    terminal.press(.enter)
    #expect(store.cleared == 1)
    #expect(store.path.isEmpty)
    #expect(store.alert == nil)
    #expect(!terminal.grid.description.contains("Clear?"))
  }
}
