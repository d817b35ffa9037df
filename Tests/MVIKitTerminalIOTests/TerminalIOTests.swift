import MVIKitTerminalIO
import Testing

// Only MVIKitTerminalIO is imported: the terminal layer builds and works without views or
// stores.
@Suite struct TerminalIOTests {
  @Test func theCatalogsExampleDecodesALetterAndAnArrow() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("q\u{1B}[A".utf8)) == [.char("q"), .up])
  }

  @Test func aFrameRendererWritesOnlyTheCellThatChanged() {
    var before = Grid(size: Size(width: 4, height: 1))
    before[0, 0] = Cell("a")
    var after = before
    after[2, 0] = Cell("b")
    let bytes = String(decoding: FrameRenderer().diff(from: before, to: after), as: UTF8.self)
    #expect(bytes.contains("b"))
    #expect(!bytes.contains("a"))
  }
}
