import MVIKit
import MVIKitTerminal
import Testing

/// `HeadlessTerminal` runs the app a user runs: `TerminalApp`'s loop over the test backend, with
/// a clock that moves only when the test says. These are the behaviours of that loop that a
/// terminal without one (no timers, no resize handling, no stop) could not show.
@MainActor
struct HeadlessTerminalLoopTests {
  @Test func aToastLeavesAfterThreeSecondsOfTheClockAndNotBefore() async {
    let store = Store(initialState: Greeter.State(), model: Greeter())
    let terminal = HeadlessTerminal(
      store: store, size: Size(width: 40, height: 6),
      presentation: { sideEffect in
        guard case .toast(let text) = sideEffect else { return nil }
        return .toast(text)
      },
      content: { Text("Home") })
    store.send(.greetTapped)
    // The store hands side effects to the view on its own task.
    for _ in 0..<200 where !terminal.grid.contains("Hello") { await Task.yield() }
    #expect(terminal.grid.contains("Hello"))
    terminal.advanceClock(by: .milliseconds(2_999))
    #expect(terminal.grid.contains("Hello"))
    terminal.advanceClock(by: .milliseconds(1))
    #expect(!terminal.grid.contains("Hello"))
    #expect(terminal.elapsedTime == .seconds(3))
  }

  @Test func eachToastHasItsOwnThreeSeconds() {
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 8)) { Text("Home") }
    terminal.present(.toast("First"))
    terminal.advanceClock(by: .seconds(2))
    terminal.present(.toast("Second"))
    terminal.advanceClock(by: .seconds(1))
    #expect(!terminal.grid.contains("First"))
    #expect(terminal.grid.contains("Second"))
    terminal.advanceClock(by: .seconds(2))
    #expect(!terminal.grid.contains("Second"))
  }

  @Test func aSpinnerTurnsOncePerTenthOfASecondWhileItShows() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1)) {
      if store.count == 0 { Spinner("Loading") } else { Text("Done") }
    }
    let first = terminal.text[0]
    terminal.advanceClock(by: .milliseconds(99))
    #expect(terminal.text[0] == first)
    terminal.advanceClock(by: .milliseconds(1))
    let second = terminal.text[0]
    #expect(second != first)
    // Three tenths at once are three turns, each at its own instant.
    terminal.advanceClock(by: .milliseconds(300))
    let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
    #expect(terminal.text[0].first == frames[4])
    store.send(.increment)
    terminal.advanceClock(by: .seconds(1))
    #expect(terminal.text[0].hasPrefix("Done"))
  }

  @Test func aResizeRedrawsTheWholeScreenAtTheNewSize() {
    let terminal = HeadlessTerminal(
      size: Size(width: 30, height: 4), minimumSize: Size(width: 20, height: 3)
    ) {
      Text("Hello")
    }
    _ = terminal.nextFrameBytes()
    terminal.size = Size(width: 10, height: 2)
    #expect(terminal.grid.contains("Terminal"))
    terminal.size = Size(width: 40, height: 5)
    #expect(terminal.grid.size == Size(width: 40, height: 5))
    #expect(terminal.text[0].hasPrefix("Hello"))
    // The terminal was cleared and sent every cell again, as a real resize needs.
    #expect(String(decoding: terminal.nextFrameBytes(), as: UTF8.self).contains("\u{1B}[2J"))
  }

  @Test func ctrlZGivesTheTerminalBackAndRedrawsItWholeOnResume() {
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 3)) { Text("Hello") }
    _ = terminal.nextFrameBytes()
    terminal.press(.ctrl("z"))
    #expect(terminal.suspensions == 1)
    #expect(String(decoding: terminal.nextFrameBytes(), as: UTF8.self).contains("\u{1B}[2J"))
    #expect(terminal.text[0].hasPrefix("Hello"))
  }

  @Test func aQuitKeyStopsTheLoop() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 3), quitKeys: ["q"]) {
      Text("Count: \(store.count)")
        .onKey(["+"], help: "Increment") { store.send(.increment) }
    }
    // Keys after the quit key in the same read are dropped, as in a running app.
    terminal.typeFast("+q+")
    #expect(terminal.didQuit)
    #expect(store.count == 1)
  }

  @Test func onlyTheCellsThatChangedAreSentAfterTheFirstFrame() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 3)) {
      Text("Count: \(store.count)")
    }
    let first = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    #expect(first.contains("Count: 0"))
    store.send(.increment)
    let second = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    #expect(second.contains("1") && !second.contains("Count"))
    #expect(terminal.nextFrameBytes().isEmpty)
  }
}
