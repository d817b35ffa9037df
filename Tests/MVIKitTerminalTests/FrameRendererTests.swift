import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct FrameRendererTests {
  @Test func diffOfOneChangedRowIsUnderFivePercentOfFullRedraw() {
    let store = Store(initialState: Rows.State(), model: Rows())
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 40)) { RowsView(store: store) }
    let full = terminal.nextFrameBytes()
    store.send(.rename(3, "Row three"))
    let update = terminal.nextFrameBytes()
    #expect(!update.isEmpty)
    #expect(update.count * 20 < full.count)
    #expect(terminal.nextFrameBytes().isEmpty)
  }

  @Test func diffWritesOnlyChangedCellsWithCursorMoveAndStyle() {
    var before = Grid(size: Size(width: 10, height: 2))
    var after = before
    after[3, 1] = Cell("x", style: Style(foreground: .red))
    after[4, 1] = Cell("y", style: Style(foreground: .red))
    let bytes = FrameRenderer().diff(from: before, to: after)
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[2;4H\u{1B}[0;31mxy")
    before = after
    #expect(FrameRenderer().diff(from: before, to: after).isEmpty)
  }

  @Test func resizeForcesFullRedraw() {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 4)) { Text("hello") }
    _ = terminal.nextFrameBytes()
    terminal.size = Size(width: 30, height: 5)
    let bytes = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    #expect(bytes.contains("\u{1B}[2J"))
    #expect(bytes.contains("hello"))
    #expect(terminal.grid.size == Size(width: 30, height: 5))
  }

  @Test func paletteModeApproximatesTrueColor() {
    var grid = Grid(size: Size(width: 1, height: 1))
    grid[0, 0] = Cell("▀", style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0)))
    let palette = String(
      decoding: FrameRenderer(colorMode: .palette256).render(grid), as: UTF8.self)
    #expect(palette.contains("38;5;196"))
    #expect(palette.contains("48;5;16"))
    let truecolor = String(
      decoding: FrameRenderer(colorMode: .trueColor).render(grid), as: UTF8.self)
    #expect(truecolor.contains("38;2;255;0;0"))
  }
}
