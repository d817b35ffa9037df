import Clocks
import MVIKit
import MVIKitTerminal
import Testing

/// Where a picture cannot be seen, the image says what it is, or why it is missing.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ImageCaptionTests {
  static let orange = Image(
    width: 20, height: 10,
    pixels: Array(repeating: Pixel(red: 240, green: 120, blue: 20), count: 200),
    kind: "JPEG poster")

  @Test func withoutColourAnImageIsACaptionNotGreyStripes() {
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 8), colorMode: .noColor) {
      Self.orange
    }
    #expect(terminal.grid.contains("[JPEG poster, 20×10]"))
    #expect(!terminal.grid.contains("▀"))
    let coloured = HeadlessTerminal(size: Size(width: 30, height: 8)) { Self.orange }
    #expect(coloured.grid.contains("▀"))
  }

  @Test func aResizableImageGrowsToTheSpaceKeepingItsAspect() {
    let small = Image(
      width: 30, height: 45,
      pixels: Array(repeating: Pixel(red: 240, green: 120, blue: 20), count: 30 * 45))
    func drawn(_ image: Image) -> (columns: Int, rows: Int) {
      let terminal = HeadlessTerminal(size: Size(width: 120, height: 40)) { image }
      let rows = terminal.grid.text.filter { $0.contains("▀") }
      return (rows.map { $0.filter { $0 == "▀" }.count }.max() ?? 0, rows.count)
    }
    // As is, it keeps its own size: 30 columns, 23 rows of two pixels.
    #expect(drawn(small) == (30, 23))
    // Resizable, it fills the 40 rows, 53 columns wide (45 pixels high became 80).
    #expect(drawn(small.resizable()) == (53, 40))
  }

  @Test func kittyGraphicsForcedInsideTmuxSayWhyTheImageDoesNotShow() async throws {
    let backend = TestTerminalBackend(
      size: Size(width: 40, height: 10),
      environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"])
    let store = Store(initialState: Counter.State(), model: Counter())
    let app = TerminalApp(store: store, backend: backend, clock: TestClock()) { Self.orange }
    app.graphics = .kitty
    let run = Task { try await app.run() }
    let frame = await backend.nextFrame()
    #expect(frame.contains("Not shown: tmux"))
    backend.send(.ctrl("c"))
    _ = try? await run.value
  }

  @Test func theNoteIsOnlyForKittyInsideAMultiplexer() {
    #expect(GraphicsMode.note(for: .kitty, environment: ["TERM": "xterm-kitty"]) == nil)
    #expect(GraphicsMode.note(for: .halfBlocks, environment: ["TMUX": "x"]) == nil)
    #expect(
      GraphicsMode.note(for: .kitty, environment: ["TERM": "screen"])?.contains("screen") == true)
    // The app names its own way to ask for half blocks.
    #expect(
      GraphicsMode.note(
        for: .kitty, environment: ["TMUX": "x"], halfBlocksHint: "--graphics blocks")?
        .hasSuffix("Use half blocks (--graphics blocks).") == true)
  }
}
