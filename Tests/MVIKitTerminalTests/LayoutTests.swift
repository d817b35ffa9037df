import MVIKitTerminal
import Testing

@MainActor
@Suite struct LayoutTests {
  private let size = Size(width: 20, height: 6)

  @Test func verticalStackPlacesViewsTopToBottom() {
    let grid = TerminalSnapshot.render(
      VStack {
        Text("one")
        Text("two")
      }, size: size)
    #expect(grid.text[0] == "one" + String(repeating: " ", count: 17))
    #expect(grid.text[1].hasPrefix("two"))
  }

  @Test func spacerPushesViewsApart() {
    let grid = TerminalSnapshot.render(
      VStack {
        HStack {
          Text("L")
          Spacer()
          Text("R")
        }
        Spacer()
        Text("bottom")
      }, size: size)
    #expect(grid.text[0] == "L" + String(repeating: " ", count: 18) + "R")
    #expect(grid.text[5].hasPrefix("bottom"))
  }

  @Test func boxDrawsBorderAndTitle() {
    let grid = TerminalSnapshot.render(
      Box("Hi") { Text("inside") }, size: Size(width: 12, height: 3))
    #expect(grid.text == ["┌ Hi ──┐    ", "│inside│    ", "└──────┘    "])
  }

  @Test func textWrapsAtWordsAndKeepsStyle() {
    let grid = TerminalSnapshot.render(
      Text("hello big world").bold().foreground(.red), size: Size(width: 9, height: 3))
    #expect(grid.text.map { $0.trimmingSuffix() } == ["hello big", "world", ""])
    #expect(grid.style(column: 0, row: 0) == Style(foreground: .red, attributes: .bold))
    #expect(grid.style(column: 8, row: 2) == .plain)
  }

  @Test func dividerAndCentredAlignment() {
    let grid = TerminalSnapshot.render(
      VStack(alignment: .center) {
        Text("ab")
        Divider()
      }, size: Size(width: 6, height: 2))
    #expect(grid.text == ["  ab  ", "──────"])
  }

  @Test func paddingAndFrame() {
    let grid = TerminalSnapshot.render(
      VStack {
        Text("x").padding(1)
        Text("y").frame(width: 3, alignment: .trailing)
      }, size: Size(width: 4, height: 4))
    #expect(grid.text == ["    ", " x  ", "    ", "  y "])
  }

  @Test func progressBarAndImage() {
    let bar = TerminalSnapshot.render(ProgressBar(value: 0.5), size: Size(width: 14, height: 1))
    #expect(bar.text == ["█████░░░░░ 50%"])
    let red = Pixel(red: 255, green: 0, blue: 0)
    let blue = Pixel(red: 0, green: 0, blue: 255)
    let image = TerminalSnapshot.render(
      Image(width: 2, height: 3, pixels: [red, blue, blue, red, red, red]),
      size: Size(width: 2, height: 2))
    #expect(image.text == ["▀▀", "▀▀"])
    #expect(
      image.style(column: 0, row: 0)
        == Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
    #expect(
      image.style(column: 1, row: 0)
        == Style(foreground: .rgb(0, 0, 255), background: .rgb(255, 0, 0)))
    #expect(
      image.style(column: 0, row: 1) == Style(foreground: .rgb(255, 0, 0), background: .default))
  }

  @Test func spinnerAnimatesOnlyWhenAdvanced() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1)) { Spinner("Loading") }
    let first = terminal.text
    #expect(first[0] == "⠋ Loading   ")
    terminal.advanceClock(by: .milliseconds(100))
    #expect(terminal.text != first)
  }

  /// Counts how often its body is evaluated.
  final class BodyCount: @unchecked Sendable { var value = 0 }
  struct Counted: View {
    let count: BodyCount
    let label: String
    var body: some View {
      count.value += 1
      return Text(label)
    }
  }

  @Test func eachBodyIsEvaluatedOncePerFrameHoweverDeepItIs() {
    let count = BodyCount()
    let show = true
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 10)) {
      VStack {
        Box("Outer") {
          if show {
            Counted(count: count, label: "in an if")
            HStack { Counted(count: count, label: "in a row") }
          }
          Box { Counted(count: count, label: "in a box") }
        }
      }
      Counted(count: count, label: "at the root")
    }
    // The app drew its first frame when it started; reading the screen draws one more.
    count.value = 0
    let grid = terminal.grid
    #expect(grid.contains("in an if") && grid.contains("in a row"))
    #expect(grid.contains("in a box") && grid.contains("at the root"))
    // Measuring, flexing and drawing read the children resolved when their group was made.
    #expect(count.value == 4)
  }

  @Test func wideCharactersTakeTwoCells() {
    let grid = TerminalSnapshot.render(Text("日本x"), size: Size(width: 6, height: 1))
    #expect(grid.text == ["日本x "])
    #expect(grid[1, 0].isContinuation)
    #expect(grid.position(of: "x")?.column == 4)
  }
}

extension String {
  func trimmingSuffix() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
