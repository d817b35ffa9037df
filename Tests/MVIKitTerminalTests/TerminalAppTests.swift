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
}
