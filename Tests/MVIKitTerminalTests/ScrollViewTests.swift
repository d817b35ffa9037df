import MVIKitTerminal
import Testing

@MainActor
@Suite struct ScrollViewTests {
  static let log = (1...100).map { "line \($0)" }.joined(separator: "\n")

  @Test func scrollsWithKeysAndShowsAScrollbar() {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 5)) { ScrollView(Self.log) }
    #expect(terminal.text[0].hasPrefix("line 1 "))
    #expect(terminal.text[0].hasSuffix("█"))
    terminal.press(.down, .down)
    #expect(terminal.text[0].hasPrefix("line 3 "))
    terminal.press(.pageDown)
    #expect(terminal.text[0].hasPrefix("line 7 "))
    terminal.press(.end)
    #expect(terminal.text[4].hasPrefix("line 100"))
    #expect(terminal.text[4].hasSuffix("█"))
    terminal.press(.down)
    #expect(terminal.text[4].hasPrefix("line 100"))
    terminal.press(.home, .up)
    #expect(terminal.text[0].hasPrefix("line 1 "))
  }

  @Test func followingTheEndKeepsNewLinesInView() {
    final class Log { var text = "first" }
    let log = Log()
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 3)) {
      ScrollView(log.text, followsEnd: true)
    }
    for index in 2...10 { log.text += "\nline \(index)" }
    #expect(terminal.text[2].hasPrefix("line 10"))
    // Scrolled up, the view stays where the reader put it.
    terminal.press(.up)
    log.text += "\nline 11"
    #expect(terminal.text[2].hasPrefix("line 9"))
    terminal.press(.end)
    log.text += "\nline 12"
    #expect(terminal.text[2].hasPrefix("line 12"))
  }

  @Test func wrapsLongLinesToTheWidth() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 4)) {
      ScrollView("a long line that wraps")
    }
    #expect(terminal.text[0].trimmingSuffix() == "a long line")
    #expect(terminal.text[1].trimmingSuffix() == "that wraps")
  }
}
