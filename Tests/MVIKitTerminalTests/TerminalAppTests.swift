import MVIKit
import MVIKitTerminal
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

@MainActor
@Suite struct TerminalAppTests {
  // Run from an interactive shell, run() would take the terminal over, so skip it there.
  @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0))
  func runRefusesWithoutATerminalAndDrawsNothing() async {
    let store = Store(initialState: Counter.State(), model: Counter())
    let app = TerminalApp(store: store) { Text("Count: \(store.count)") }
    await #expect(throws: TerminalError.notATerminal) { try await app.run() }
  }

  @Test func ctrlZAsksToSuspendAndNoViewSeesIt() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 4)) {
      Text("Count: \(store.count)")
        .onKey([.ctrl("z")], help: "Increment") { store.send(.increment) }
    }
    terminal.press(.ctrl("z"))
    #expect(terminal.suspensions == 1)
    #expect(store.count == 0)
  }
}
