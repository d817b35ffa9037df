import MVIKit
import MVIKitTerminal
import Testing

/// Text that does not fit ends in an ellipsis, wherever it is cut: a reader then knows there
/// is more, where a hard cut could pass for the whole.
@MainActor
@Suite struct TextFitTests {
  @Test func aFooterLineTooLongForTheScreenEndsInAnEllipsis() {
    let grid = TerminalSnapshot.render(
      Text("todos: /home/ann/.local/share/mvikit/todos.sqlite").dim().lineLimit(1),
      size: Size(width: 30, height: 1))
    #expect(grid.line(0) == "todos: /home/ann/.local/share…")
  }

  @Test func aRowOfNamesCutByItsWidthEndsInAnEllipsisNotMidWord() {
    let grid = TerminalSnapshot.render(
      List(["Bartholomew Featherstonehaugh"], selection: nil, onSelect: { _ in }) { name, _ in
        HStack {
          Text(name).bold()
          Spacer()
          Text("Whitfield Analytics")
        }
      }, size: Size(width: 24, height: 1))
    // The name takes the width of its longest word, the company what is left; both say
    // that they were cut.
    #expect(grid.line(0) == "Bartholomew Feat…  Whit…")
  }

  @Test func wrappedTextWithMoreThanItsRowsEndsInAnEllipsis() {
    let grid = TerminalSnapshot.render(
      Text("one two three four five six").frame(height: 2), size: Size(width: 9, height: 2))
    #expect(grid.line(0) == "one two  ")
    #expect(grid.line(1) == "three fo…")
  }

  @Test func anIndentedNameKeepsItsIndentWhenCut() {
    let names = ["  open-the-door-and-turn-on-the-lights.mp3", "▶ kitchen.wav"]
    let grid = TerminalSnapshot.render(
      List(names, selection: nil, onSelect: { _ in }) { name, _ in Text(name) },
      size: Size(width: 20, height: 2))
    #expect(grid.line(0) == "  open-the-door-and…")
    #expect(grid.line(1).hasPrefix("▶ kitchen.wav"))
  }

  @Test func aBoxTitleTooLongForItsEdgeEndsInAnEllipsis() {
    let grid = TerminalSnapshot.render(
      Box("Files · /home/ann/Music/recordings") { Text("x") }, size: Size(width: 20, height: 3))
    #expect(grid.line(0) == "┌ Files · /home/a…─┐")
  }

  @Test func anAlertTallerThanTheScreenKeepsItsButtonAndEndsInAnEllipsis() {
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 10)) { Text("Home") }
    let message = (1...12).map { "Line \($0)" }.joined(separator: "\n")
    terminal.present(.alert(title: "Keys", message: message))
    #expect(terminal.grid.contains("[ OK ]"))
    #expect(terminal.grid.contains("Line 5…"))
    #expect(!terminal.grid.contains("Line 6"))
  }

  @Test func anAlertStartsANewLineAtEachLineBreak() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 12)) { Text("Home") }
    terminal.present(.alert(title: "Keys", message: "q quit\nUsers: Enter details"))
    #expect(terminal.grid.contains("q quit "))
    #expect(!terminal.grid.contains("q quitUsers"))
    #expect(terminal.grid.contains("Users: Enter details"))
  }
}
