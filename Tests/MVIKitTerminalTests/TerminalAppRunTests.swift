import Clocks
import MVIKit
import MVIKitTerminal
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The whole runtime, `run()` included, over a terminal in memory and a test clock.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct TerminalAppRunTests {
  struct Failure: Error, Equatable {}

  let store = Store(initialState: Counter.State(), model: Counter())
  let backend = TestTerminalBackend(size: Size(width: 30, height: 6))
  let clock = TestClock()

  func app(minimumSize: Size = Size(width: 20, height: 5)) -> TerminalApp {
    let store = self.store
    return TerminalApp(
      store: store, minimumSize: minimumSize, backend: backend, clock: clock
    ) {
      Text("Count: \(store.count)")
      Button("Add") { store.send(.increment) }
    }
  }

  /// Waits until something sleeps on the test clock. A timer that the app starts once it has
  /// drawn (a toast's, a spinner's) may not be asleep yet when the frame arrives, and an
  /// advance made before it sleeps would never wake it.
  func untilTheClockHasASleeper() async {
    for _ in 0..<1_000 {
      do { try await clock.checkSuspension() } catch { return }
    }
    Issue.record("nothing slept on the test clock")
  }

  /// Starts `app` and waits for its first frame.
  func start(_ app: TerminalApp) async -> (Task<Void, any Error>, Grid) {
    let run = Task { try await app.run() }
    return (run, await backend.nextFrame())
  }

  @Test func startsDrawsHandlesKeysAndQuitsRestoringTheTerminal() async throws {
    let (run, first) = await start(app())
    #expect(first.contains("Count: 0"))
    #expect(backend.entries == [.fullscreen])
    #expect(backend.reportsMouse)
    #expect(backend.isEntered && backend.isReading)
    backend.send(.enter)
    #expect(await backend.nextFrame().contains("Count: 1"))
    backend.send(bytes: Array("\u{1B}[<0;3;2M".utf8))
    #expect(await backend.nextFrame().contains("Count: 2"))
    backend.send("q")
    try await run.value
    #expect(!backend.isEntered && !backend.isReading)
  }

  @Test func everyOtherExitRestoresTheTerminalAndSaysWhy() async throws {
    let exits: [(TestTerminalBackend) -> Void] = [
      { $0.send(.ctrl("c")) }, { $0.signal(SIGTERM) }, { $0.closeInput() },
    ]
    let reasons = [
      TerminalError.interrupted(signal: SIGINT), .interrupted(signal: SIGTERM), .terminalClosed,
    ]
    for (exit, reason) in zip(exits, reasons) {
      let test = TerminalAppRunTests()
      let (run, _) = await test.start(test.app())
      exit(test.backend)
      await #expect(throws: reason) { try await run.value }
      #expect(!test.backend.isEntered)
    }
    let app = app()
    let (run, _) = await start(app)
    app.quit(throwing: Failure())
    await #expect(throws: Failure()) { try await run.value }
    #expect(!backend.isEntered)
  }

  @Test func aTerminalThatStopsTakingOutputEndsTheRun() async {
    let app = app()
    let (run, _) = await start(app)
    backend.failsToDraw = true
    backend.send(.enter)
    await #expect(throws: TerminalError.terminalClosed) { try await run.value }
    #expect(!backend.isEntered)
  }

  @Test func aResizeRedrawsEverythingAtTheNewSize() async throws {
    let (run, _) = await start(app())
    backend.resize(to: Size(width: 12, height: 4))
    let small = await backend.nextFrame()
    #expect(small.size == Size(width: 12, height: 4))
    #expect(small.contains("Terminal"))
    backend.resize(to: Size(width: 40, height: 8))
    let large = await backend.nextFrame()
    #expect(large.size == Size(width: 40, height: 8))
    #expect(large.contains("Count: 0"))
    // A resize sends a whole frame: the screen is cleared first.
    #expect(String(decoding: backend.output.suffix(400), as: UTF8.self).contains("\u{1B}[2J"))
    backend.send("q")
    try await run.value
  }

  @Test func toastsLeaveAfterThreeSecondsOfTheClock() async throws {
    let app = app()
    let (run, _) = await start(app)
    app.show(.toast("Saved"))
    #expect(await backend.nextFrame().contains("Saved"))
    await untilTheClockHasASleeper()
    await clock.advance(by: .seconds(2))
    #expect(backend.screen?.contains("Saved") == true)
    await clock.advance(by: .seconds(1))
    let frame = await backend.frame { !$0.contains("Saved") }
    #expect(!frame.contains("Saved"))
    #expect(frame.contains("Count: 0"))
    backend.send("q")
    try await run.value
  }

  @Test func spinnersTurnTenTimesASecondOfTheClock() async throws {
    let app = TerminalApp(store: store, backend: backend, clock: clock) {
      Spinner("Loading")
    }
    let (run, first) = await start(app)
    await untilTheClockHasASleeper()
    await clock.advance(by: .milliseconds(100))
    let second = await backend.frame { $0.line(0) != first.line(0) }
    #expect(first.line(0) != second.line(0))
    #expect(backend.frames.count >= 2)
    #expect(second.contains("Loading"))
    backend.send("q")
    try await run.value
  }

  @Test func ctrlZSuspendsAndRedrawsTheWholeScreenOnResume() async throws {
    let (run, _) = await start(app())
    let before = backend.output.count
    backend.send(.ctrl("z"))
    let frame = await backend.nextFrame()
    #expect(backend.suspensions == 1)
    #expect(backend.entries == [.fullscreen, .fullscreen])
    #expect(backend.isEntered && backend.isReading)
    #expect(frame.contains("Count: 0"))
    #expect(
      String(decoding: backend.output[before...], as: UTF8.self).contains("\u{1B}[2J"))
    backend.send("q")
    try await run.value
  }

  @Test func colourDetectionReadsTheBackendsEnvironment() async throws {
    backend.environment = ["TERM": "xterm-256color", "NO_COLOR": "1"]
    let app = TerminalApp(store: store, backend: backend, clock: clock) {
      Text("Red").foreground(.red)
    }
    let (run, _) = await start(app)
    let output = String(decoding: backend.output, as: UTF8.self)
    #expect(output.contains("Red"))
    #expect(!output.contains("[31m") && !output.contains("38;"))
    backend.send("q")
    try await run.value
  }

  @Test func anInlineViewportDrawsBelowTheCursorAndLeavesItsFrameBehind() async throws {
    let app = app(minimumSize: .zero)
    app.viewport = .inline(height: 3)
    backend.cursorRow = 5
    let (run, first) = await start(app)
    #expect(backend.entries == [.inline(height: 3)])
    #expect(first.size == Size(width: 30, height: 3))
    let output = String(decoding: backend.output, as: UTF8.self)
    // Two line feeds reserve the rows, the cursor goes back up, then asks where it is: row 6
    // of 6, so the frame moves up to fit in rows 4 to 6.
    #expect(output.hasPrefix("\n\n\u{1B}[2A\u{1B}[6n"))
    #expect(output.contains("\u{1B}[4;1H\u{1B}[2K"))
    #expect(!output.contains("\u{1B}[2J"))
    // A click on screen row 4 (from 0) is the frame's row 1: the button.
    backend.send(.mouse(Mouse(.press(.left), column: 2, row: 4)))
    #expect(await backend.nextFrame().contains("Count: 1"))
    backend.send("q")
    try await run.value
    // The cursor ends on the line below the frame, which stays on screen.
    #expect(String(decoding: backend.output, as: UTF8.self).hasSuffix("\u{1B}[6;1H\r\n"))
  }

  @Test func anInlineViewportIsNeverTallerThanTheTerminal() async throws {
    let app = app(minimumSize: .zero)
    app.viewport = .inline(height: 50)
    backend.answer = { _ in [] }
    let (run, first) = await start(app)
    #expect(first.size == Size(width: 30, height: 6))
    backend.send("q")
    try await run.value
  }
}
