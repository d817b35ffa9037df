import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct InteractionTests {
  @Test func tabMovesFocusAndKeysGoToTheFocusedView() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) { FormView(store: store) }
    terminal.type("ann@x.io")
    #expect(store.email == "ann@x.io")
    terminal.press(.tab)
    terminal.type("hunter2")
    #expect(store.password == "hunter2")
    terminal.press(.tab, .space)
    #expect(store.remember)
    terminal.press(.tab, .enter)
    #expect(store.submitted == 1)
    terminal.press(.backTab, .backTab, .enter)
    #expect(store.submitted == 2)
    terminal.press(.tab, .tab, .tab)
    // Back in the email field, whose cursor sits after the text.
    #expect(terminal.grid.style(column: 8, row: 0).attributes.contains(.reverse))
    #expect(!terminal.grid.style(column: 0, row: 3).attributes.contains(.reverse))
  }

  @Test func secureFieldShowsBulletsNeverTheSecret() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) { FormView(store: store) }
    terminal.press(.tab)
    terminal.paste("s3cret")
    let grid = terminal.grid
    #expect(store.password == "s3cret")
    #expect(grid.text[1].hasPrefix("••••••"))
    #expect(!grid.description.contains("s3cret"))
    #expect(grid.text[0].hasPrefix("Email"))
  }

  @Test func textFieldEditingKeys() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) { FormView(store: store) }
    terminal.type("helo")
    terminal.press(.left)
    terminal.type("l")
    #expect(store.email == "hello")
    terminal.press(.home, .delete)
    #expect(store.email == "ello")
    terminal.press(.end, .backspace)
    #expect(store.email == "ell")
    terminal.type(" world")
    terminal.press(.ctrl("w"))
    #expect(store.email == "ell ")
    terminal.paste("a\nb")
    #expect(store.email == "ell a b")
    terminal.press(.ctrl("u"))
    #expect(store.email == "")
    #expect(terminal.grid.text[0].hasPrefix("Email"))
  }

  @Test func listMovesSelectionScrollsAndActivates() {
    let store = Store(initialState: Rows.State(), model: Rows())
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 5)) { RowsView(store: store) }
    terminal.press(.down, .down)
    #expect(store.selection == 2)
    terminal.press(.pageDown)
    #expect(store.selection == 6)
    #expect(terminal.text[4].hasPrefix("Row 6"))
    terminal.press(.end)
    #expect(store.selection == 999)
    #expect(terminal.text[4].hasPrefix("Row 999"))
    terminal.press(.home, .up)
    #expect(store.selection == 0)
    #expect(terminal.grid.style(column: 0, row: 0).attributes.contains(.reverse))
    terminal.press(.enter)
    #expect(store.opened == 0)
  }

  @Test func keyBindingsAndHelpBar() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 3), quitKeys: ["q"]) {
      VStack {
        Text("Count: \(store.count)")
        Spacer()
        HelpBar()
      }
      .onKey(["+", .up], help: "Increment") { store.send(.increment) }
    }
    terminal.press("+", .up)
    #expect(terminal.grid.contains("Count: 2"))
    #expect(terminal.text[2].hasPrefix("+/↑ Increment  q Quit"))
    terminal.press("q")
    #expect(terminal.didQuit && !terminal.wasInterrupted)
    // The app has stopped: the keys after the quit key reach nothing.
    terminal.press("+")
    #expect(store.count == 2)
  }

  @Test func ctrlCInterruptsTheApp() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 3), quitKeys: ["q"]) {
      Text("Count: \(store.count)")
    }
    terminal.press(.ctrl("c"))
    #expect(terminal.wasInterrupted && !terminal.didQuit)
  }

  @Test func typingInAFieldDoesNotTriggerBindings() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6), quitKeys: ["q"]) {
      FormView(store: store)
    }
    terminal.type("q")
    #expect(store.email == "q")
    #expect(!terminal.didQuit)
  }

  @Test func navigationStackPushesAndPopsWithEscape() {
    let store = Store(initialState: Rows.State(), model: Rows())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 5)) {
      NavigationStack(path: store.path, onPop: { store.send(.pop) }) {
        RowsView(store: store)
      } destination: { index in
        Text("Detail \(index)")
        HelpBar()
      }
    }
    terminal.press(.down, .enter)
    #expect(terminal.grid.contains("Detail 1"))
    #expect(terminal.grid.contains("Esc Back"))
    terminal.press(.escape)
    #expect(store.path.isEmpty)
    #expect(terminal.grid.contains("Row 1"))
  }

  @Test func alertIsModal() {
    let store = Store(initialState: Counter.State(), model: Counter())
    var dismissed = 0
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 10)) {
      VStack {
        Button("Increment") { store.send(.increment) }
      }
      .alert(
        store.count == 1
          ? Alert(title: "Careful", message: "It is one now.") { dismissed += 1 } : nil)
    }
    terminal.press(.enter)
    #expect(store.count == 1)
    #expect(terminal.grid.contains("Careful"))
    #expect(terminal.grid.contains("[ OK ]"))
    terminal.press(.escape)
    #expect(dismissed == 1)
    terminal.press(.enter)
    #expect(dismissed == 2)
    #expect(store.count == 1)
  }

  @Test func presentationsShowToastsAndAlerts() {
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 10)) { Text("Home") }
    terminal.present(.toast("Saved"))
    #expect(terminal.text[9].hasSuffix(" Saved "))
    terminal.advanceClock(by: .seconds(3))
    #expect(!terminal.grid.contains("Saved"))
    terminal.present(.alert(title: "Oops", message: "Broken"))
    #expect(terminal.grid.contains("Broken"))
    terminal.press(.enter)
    #expect(!terminal.grid.contains("Broken"))
  }

  @Test func toastsTakeRowsOfTheirOwnBelowTheFooter() {
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 12)) {
      VStack {
        Text("Body").expanding()
        Text("footer: keys and backends")
      }
    }
    #expect(terminal.text[11].hasPrefix("footer"))
    terminal.present(.toast("First"))
    terminal.present(.toast("Second"))
    // The footer moves up and stays whole; each toast has its own row, newest lowest.
    #expect(terminal.text[9].hasPrefix("footer: keys and backends"))
    #expect(terminal.text[10].hasSuffix(" First "))
    #expect(terminal.text[11].hasSuffix(" Second "))
    terminal.advanceClock(by: .seconds(3))
    #expect(terminal.text[11].hasPrefix("footer"))
  }

  @Test func longToastsWrapThenEndInAnEllipsis() {
    let terminal = HeadlessTerminal(size: Size(width: 24, height: 12)) { Text("Home") }
    terminal.present(.toast("The poster server could not be reached: connection refused by host"))
    let rows = terminal.text.suffix(2)
    #expect(rows.allSatisfy { $0.count <= 24 })
    #expect(rows.first?.trimmingCharacters(in: .whitespaces).hasPrefix("The poster server") == true)
    #expect(rows.last?.trimmingCharacters(in: .whitespaces).hasSuffix("…") == true)
    #expect(terminal.text[9].trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test func onATinyScreenToastsGiveWayToTheContent() {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 4)) { Text("Home") }
    for number in 1...3 { terminal.present(.toast("Toast \(number)")) }
    // A third of four rows: only the newest toast shows, and the content keeps the rest.
    #expect(terminal.text[0].hasPrefix("Home"))
    #expect(terminal.text[3].hasSuffix(" Toast 3 "))
    #expect(!terminal.grid.contains("Toast 2"))
  }

  @Test func aStoresSideEffectsArePresentedAsTheAppPresentsThem() async {
    let store = Store(initialState: Greeter.State(), model: Greeter())
    let terminal = HeadlessTerminal(
      store: store, size: Size(width: 40, height: 10),
      presentation: { sideEffect in
        switch sideEffect {
        case .toast(let text): .toast(text)
        case .logged: nil
        }
      },
      content: { Text("Home") })
    store.send(.logTapped)
    store.send(.greetTapped)
    var shown = false
    for _ in 0..<200 where !shown {
      await Task.yield()
      shown = terminal.grid.contains("Hello")
    }
    #expect(shown)
    #expect(!terminal.grid.contains("logged"))
  }

  @Test func dismissingAnAlertGivesFocusBackToTheFieldTheUserWasIn() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 10)) { FormView(store: store) }
    terminal.type("a@b.co")
    terminal.press(.tab)
    terminal.type("abc")
    terminal.present(.alert(title: "Login failed", message: "Wrong password"))
    terminal.type("zzz")  // the alert is modal: nothing reaches the form
    terminal.press(.enter)
    terminal.type("d")
    #expect(store.password == "abcd")
    #expect(store.email == "a@b.co")
  }

  @Test func aScreenAndItsStoreAreFreedWhenDropped() {
    var store: Store<Form>? = Store(initialState: Form.State(), model: Form())
    weak let weakStore = store
    var terminal: HeadlessTerminal? = HeadlessTerminal(size: Size(width: 40, height: 10)) {
      [store] in
      if let store { FormView(store: store) }
    }
    weak let weakTerminal = terminal
    terminal?.type("a@b.co")
    #expect(terminal?.grid.contains("a@b.co") == true)
    terminal = nil
    store = nil
    #expect(weakTerminal == nil)
    #expect(weakStore == nil)
  }

  @Test func resizeStormEndsOnAFrameOfTheLastSize() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(
      size: Size(width: 40, height: 10), minimumSize: Size(width: 20, height: 6)
    ) { FormView(store: store) }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      terminal.size = Size(
        width: Int.random(in: 0...200, using: &random),
        height: Int.random(in: 0...60, using: &random))
      _ = terminal.nextFrameBytes()
    }
    terminal.size = Size(width: 50, height: 12)
    let grid = terminal.grid
    #expect(grid.size == Size(width: 50, height: 12))
    #expect(grid.contains("Log in"))
    terminal.type("ok")
    #expect(store.email == "ok")
  }

  @Test func tinyTerminalShowsAClearMessage() {
    let terminal = HeadlessTerminal(
      size: Size(width: 10, height: 5), minimumSize: Size(width: 40, height: 12)
    ) { Text("Content") }
    let text = terminal.text.joined(separator: " ")
    #expect(!text.contains("Content"))
    #expect(text.contains("Terminal"))
    #expect(text.contains("40×12,"))
    #expect(text.contains("10×5"))
    terminal.size = Size(width: 40, height: 12)
    #expect(terminal.grid.contains("Content"))
  }

  @Test func rawBytesAreRoutedLikeKeys() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) { FormView(store: store) }
    terminal.feed(Array("ab\u{1B}[D".utf8) + [0xFF] + Array("X\u{1B}".utf8) + [0xFF, 0xC3])
    #expect(store.email == "aXb")
  }
}

/// Emits one side effect the terminal shows and one it leaves alone.
struct Greeter: Model {
  struct State: Equatable, Sendable {}
  enum Intent: Equatable, Sendable { case greetTapped, logTapped }
  enum SideEffect: Equatable, Sendable {
    case toast(String)
    case logged
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .greetTapped: .emit(.toast("Hello"))
    case .logTapped: .emit(.logged)
    }
  }
}
