import Testing

@testable import MVIKitTerminal

/// The text a test types into, standing in for app state that `onChange` updates.
@MainActor
private final class Draft {
  var text: String
  var title = ""

  init(_ text: String = "") {
    self.text = text
  }
}

@MainActor
private func textArea(_ draft: Draft, width: Int, height: Int) -> HeadlessTerminal {
  HeadlessTerminal(size: Size(width: width, height: height)) {
    TextArea("Notes", text: draft.text) { draft.text = $0 }
  }
}

@MainActor
private func boxedTextArea(_ draft: Draft, width: Int, height: Int) -> HeadlessTerminal {
  HeadlessTerminal(size: Size(width: width, height: height)) {
    Box { TextArea("Notes", text: draft.text) { draft.text = $0 } }
  }
}

private func mouse(_ action: Mouse.Action, _ column: Int, _ row: Int) -> Key {
  .mouse(Mouse(action, column: column, row: row))
}

@MainActor
@Suite struct TextAreaTests {
  @Test func typingAndEnterMakeLines() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 4)
    #expect(terminal.text[0].hasPrefix("Notes"))
    #expect(terminal.grid.style(column: 1, row: 0).attributes.contains(.dim))
    terminal.type("hello")
    terminal.press(.enter)
    terminal.type("world")
    #expect(draft.text == "hello\nworld")
    #expect(terminal.text[0].trimmingSuffix() == "hello")
    #expect(terminal.text[1].trimmingSuffix() == "world")
    #expect(terminal.cursor == Grid.Position(column: 5, row: 1))
    #expect(terminal.grid.style(column: 5, row: 1).attributes.contains(.reverse))
  }

  @Test func longLinesWrapAtSpaces() {
    let draft = Draft()
    let terminal = textArea(draft, width: 12, height: 4)
    terminal.type("a long line that wraps")
    #expect(draft.text == "a long line that wraps")
    #expect(terminal.text[0].trimmingSuffix() == "a long line")
    #expect(terminal.text[1].trimmingSuffix() == "that wraps")
    #expect(terminal.cursor == Grid.Position(column: 10, row: 1))
  }

  @Test func wideTextWrapsByWidthInsideABox() {
    let draft = Draft()
    // 7 columns inside the border: three ideographs fit, a fourth would straddle it.
    let terminal = boxedTextArea(draft, width: 9, height: 5)
    terminal.type("漢字漢字漢")
    let grid = terminal.grid
    #expect(grid.line(1) == "│漢字漢 │")
    #expect(grid.line(2) == "│字漢   │")
    for row in 0..<5 {
      #expect(grid.line(row).terminalWidth == 9, "row \(row)")
    }
    for row in 1..<4 {
      #expect(grid[8, row].character == "│", "row \(row)")
    }
    #expect(terminal.cursor == Grid.Position(column: 5, row: 2))
    terminal.press(.left)
    // The cursor covers both columns of 漢.
    #expect(terminal.cursor == Grid.Position(column: 3, row: 2))
    #expect(terminal.grid.style(column: 4, row: 2).attributes.contains(.reverse))
  }

  @Test func theCursorCountsColumnsAfterEmoji() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 3)
    terminal.type("🚀a")
    terminal.press(.enter)
    terminal.type("👩‍👩‍👧漢")
    #expect(terminal.cursor == Grid.Position(column: 4, row: 1))
    terminal.press(.backspace, .backspace)
    #expect(draft.text == "🚀a\n")
    #expect(terminal.cursor == Grid.Position(column: 0, row: 1))
    terminal.press(.up)
    #expect(terminal.cursor == Grid.Position(column: 0, row: 0))
    terminal.press(.right)
    #expect(terminal.cursor == Grid.Position(column: 2, row: 0))
  }

  @Test func upAndDownKeepTheColumnAcrossAShortLine() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 4)
    terminal.type("long line here")
    terminal.press(.enter)
    terminal.type("ab")
    terminal.press(.enter)
    terminal.type("another line")
    terminal.press(.up)
    #expect(terminal.cursor == Grid.Position(column: 2, row: 1))
    terminal.press(.up)
    #expect(terminal.cursor == Grid.Position(column: 12, row: 0))
    terminal.press(.down, .down)
    #expect(terminal.cursor == Grid.Position(column: 12, row: 2))
    // A move sideways sets a new column to keep.
    terminal.press(.left, .up, .up)
    #expect(terminal.cursor == Grid.Position(column: 11, row: 0))
    // Past the first row, ↑ goes to the start; past the last, ↓ to the end.
    terminal.press(.up)
    #expect(terminal.cursor == Grid.Position(column: 0, row: 0))
    terminal.press(.down, .down)
    #expect(terminal.cursor == Grid.Position(column: 11, row: 2))
    terminal.press(.down)
    #expect(terminal.cursor == Grid.Position(column: 12, row: 2))
    terminal.press(.pageUp)
    #expect(terminal.cursor == Grid.Position(column: 0, row: 0))
    terminal.press(.pageDown)
    #expect(terminal.cursor == Grid.Position(column: 12, row: 2))
  }

  @Test func upAndDownMoveByWrappedRow() {
    let draft = Draft("aaaa bbbb cccc")
    let terminal = textArea(draft, width: 6, height: 4)
    #expect(terminal.cursor == Grid.Position(column: 4, row: 2))
    terminal.press(.up)
    #expect(terminal.cursor == Grid.Position(column: 4, row: 1))
    terminal.type("X")
    #expect(draft.text == "aaaa bbbbX cccc")
  }

  @Test func backspaceAndDeleteJoinLines() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 4)
    terminal.type("ab")
    terminal.press(.enter)
    terminal.type("cd")
    terminal.press(.home, .backspace)
    #expect(draft.text == "abcd")
    #expect(terminal.cursor == Grid.Position(column: 2, row: 0))
    terminal.press(.enter, .left, .delete)
    #expect(draft.text == "abcd")
    #expect(terminal.text[1].trimmingSuffix().isEmpty)
  }

  @Test func pasteKeepsLineBreaksFromAnySystem() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 4)
    terminal.paste("one\r\ntwo\rthree\tx")
    #expect(draft.text == "one\ntwo\nthree    x")
    #expect(terminal.text[2].trimmingSuffix() == "three    x")
    #expect(terminal.cursor == Grid.Position(column: 10, row: 2))
  }

  @Test func emacsDeletionKeys() {
    let draft = Draft()
    let terminal = textArea(draft, width: 20, height: 4)
    terminal.type("one two")
    terminal.press(.enter)
    terminal.type("three four")
    terminal.press(.ctrl("a"), .ctrl("k"))
    #expect(draft.text == "one two\n")
    // At the end of a line ^K takes the line break.
    terminal.press(.left, .ctrl("k"))
    #expect(draft.text == "one two")
    terminal.press(.left, .ctrl("u"))
    #expect(draft.text == "o")
    terminal.press(.ctrl("e"))
    terminal.type(" word  ")
    terminal.press(.ctrl("w"))
    #expect(draft.text == "o ")
    // At the start of a line ^W takes only the line break.
    terminal.press(.enter, .ctrl("w"))
    #expect(draft.text == "o ")
  }

  @Test func scrollingKeepsTheCursorInViewWithAScrollbar() {
    let draft = Draft()
    let terminal = textArea(draft, width: 10, height: 3)
    for (index, character) in "12345".enumerated() {
      if index > 0 { terminal.press(.enter) }
      terminal.type(String(character))
    }
    #expect(terminal.text.map { $0.first } == ["3", "4", "5"])
    #expect(terminal.text[2].hasSuffix("█"))
    #expect(terminal.text.allSatisfy { $0.hasSuffix("█") || $0.hasSuffix("│") })
    #expect(terminal.cursor == Grid.Position(column: 1, row: 2))
    // Moving within the rows shown does not scroll.
    terminal.press(.up, .up)
    #expect(terminal.text.map { $0.first } == ["3", "4", "5"])
    #expect(terminal.cursor == Grid.Position(column: 1, row: 0))
    terminal.press(.up)
    #expect(terminal.text.map { $0.first } == ["2", "3", "4"])
    terminal.press(.down)
    #expect(terminal.text.map { $0.first } == ["2", "3", "4"])
    #expect(terminal.cursor == Grid.Position(column: 1, row: 1))
    terminal.press(.pageUp)
    #expect(terminal.text[0].hasPrefix("1"))
    #expect(terminal.text[0].hasSuffix("█"))
  }

  @Test func aClickMovesTheCursorToTheCharacterUnderIt() {
    let draft = Draft("hello\nworld")
    let terminal = boxedTextArea(draft, width: 20, height: 5)
    // The area starts one cell in, past the border.
    terminal.press(mouse(.press(.left), 3, 2))
    #expect(terminal.cursor == Grid.Position(column: 3, row: 2))
    terminal.type("X")
    #expect(draft.text == "hello\nwoXrld")
    terminal.press(mouse(.press(.left), 15, 1))
    #expect(terminal.cursor == Grid.Position(column: 6, row: 1))
    terminal.press(mouse(.press(.left), 2, 3))
    #expect(terminal.cursor == Grid.Position(column: 7, row: 2))
    // On the border, outside the area: nothing moves.
    terminal.press(mouse(.press(.left), 0, 1))
    #expect(terminal.cursor == Grid.Position(column: 7, row: 2))
  }

  @Test func aClickCountsFromTheRowsScrolledOff() {
    let draft = Draft((1...9).map(String.init).joined(separator: "\n"))
    let terminal = textArea(draft, width: 10, height: 3)
    #expect(terminal.text[0].hasPrefix("7"))
    terminal.press(mouse(.press(.left), 0, 0))
    terminal.type("X")
    #expect(draft.text.hasSuffix("6\nX7\n8\n9"))
  }

  @Test func theWheelMovesTheCursorThreeRows() {
    let draft = Draft((1...10).map(String.init).joined(separator: "\n"))
    let terminal = textArea(draft, width: 10, height: 3)
    #expect(terminal.text[2].hasPrefix("10"))
    terminal.press(mouse(.scrollUp, 2, 1))
    #expect(terminal.text.map { $0.first } == ["7", "8", "9"])
    #expect(terminal.cursor == Grid.Position(column: 1, row: 0))
    terminal.press(mouse(.scrollUp, 2, 1), mouse(.scrollUp, 2, 1))
    #expect(terminal.text[0].hasPrefix("1 "))
    terminal.press(mouse(.scrollDown, 2, 1))
    #expect(terminal.cursor == Grid.Position(column: 1, row: 2))
  }

  @Test func tabAndEscapeLeaveTheAreaAndASecondEscapeIsTheApps() {
    let draft = Draft()
    var escapes = 0
    var enters = 0
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 6)) {
      VStack {
        TextArea("Notes", text: draft.text) { draft.text = $0 }
        TextField("Title", text: draft.title) { draft.title = $0 }
      }
      .onKey(.escape) { escapes += 1 }
      .onKey(.enter) { enters += 1 }
    }
    terminal.type("a")
    terminal.press(.enter, .escape)
    // The first Esc takes the focus out of the area (no view but fields to go to: the
    // screen); the second is the app's.
    #expect(escapes == 0)
    #expect(terminal.cursor == nil)
    terminal.press(.escape)
    #expect(escapes == 1)
    #expect(enters == 0)
    terminal.press(.tab)
    terminal.type("b")
    #expect(draft.text == "a\n")
    #expect(draft.title == "b")
    terminal.press(.backTab)
    terminal.type("c")
    #expect(draft.text == "a\nc")
  }

  @Test(arguments: [0, 1, 2, 3])
  func tinySizesDoNotCrash(width: Int) {
    for height in 0...3 {
      let draft = Draft("漢a\n\nb🚀 c\n")
      let terminal = textArea(draft, width: width, height: height)
      terminal.press(.up, .pageDown, .left, .right, .end, .backspace, .down, .pageUp)
      terminal.type("漢字")
      terminal.press(mouse(.press(.left), 0, 0), mouse(.scrollDown, 0, 0), .ctrl("k"))
      if let cursor = terminal.cursor {
        #expect(cursor.column < width && cursor.row < height, "\(width)x\(height)")
      }
      #expect(terminal.text.count == height)
    }
  }
}

/// The wrapping and editing rules on their own, without drawing.
@Suite struct TextAreaEditingTests {
  private func rows(_ text: String, width: Int) -> [String] {
    let layout = TextAreaEditing.Layout(text: text, width: width)
    return layout.rows.map { String(layout.characters[$0.start..<$0.end]) }
  }

  @Test func wrapsAfterSpacesAndKeepsACellForTheCursorAtTheEnd() {
    #expect(rows("the quick brown fox", width: 9) == ["the ", "quick ", "brown fox", ""])
    #expect(rows("abcdefgh", width: 3) == ["abc", "def", "gh"])
    #expect(rows("", width: 5) == [""])
    #expect(rows("a\n\nb\n", width: 5) == ["a", "", "b", ""])
  }

  @Test func wideCharactersAreNeverSplit() {
    #expect(rows("漢字漢", width: 5) == ["漢字", "漢"])
    // Too narrow for any: each takes a row of its own.
    #expect(rows("漢字", width: 1) == ["漢", "字", ""])
  }

  @Test func locationsAndIndicesGoBothWays() {
    let layout = TextAreaEditing.Layout(text: "a漢b\nxy", width: 10)
    #expect(layout.location(of: 2) == (0, 3))
    #expect(layout.location(of: 3) == (0, 4))
    #expect(layout.location(of: 4) == (1, 0))
    #expect(layout.index(row: 0, column: 1) == 1)
    // Both columns of 漢 are 漢.
    #expect(layout.index(row: 0, column: 2) == 1)
    #expect(layout.index(row: 0, column: 3) == 2)
    #expect(layout.index(row: 0, column: 30) == 3)
    #expect(layout.index(row: 5, column: 0) == 6)
    #expect(layout.index(row: -1, column: 3) == 0)
  }

  @Test func aWrappedRowEndsBeforeTheCharacterTheNextRowStartsWith() {
    let layout = TextAreaEditing.Layout(text: "aaaa bbbb", width: 5)
    #expect(layout.index(row: 0, column: 9) == 4)
    #expect(layout.location(of: 5) == (1, 0))
  }

  @Test func verticalMovesKeepThePreferredColumn() {
    let layout = TextAreaEditing.Layout(text: "abcdef\nab\nabcdef", width: 20)
    let up = TextAreaEditing.apply(.up, layout: layout, cursor: 16, preferredColumn: nil, page: 5)
    #expect(up == .init(text: "abcdef\nab\nabcdef", cursor: 9, preferredColumn: 6))
    let again = TextAreaEditing.apply(.up, layout: layout, cursor: 9, preferredColumn: 6, page: 5)
    #expect(again?.cursor == 6)
    let left = TextAreaEditing.apply(.left, layout: layout, cursor: 9, preferredColumn: 6, page: 5)
    #expect(left?.preferredColumn == nil)
  }

  @Test func pasteNormalisesLineBreaksAndTabs() {
    #expect(TextAreaEditing.normalized("a\r\nb\rc\td\ne") == Array("a\nb\nc    d\ne"))
  }

  @Test func keysItLeavesAlone() {
    let layout = TextAreaEditing.Layout(text: "abc", width: 10)
    let keys: [Key] = [
      .tab, .backTab, .escape, .function(2), .up.with(.ctrl),
      .mouse(Mouse(.release(.left), column: 0, row: 0)),
    ]
    for key in keys {
      #expect(
        TextAreaEditing.apply(key, layout: layout, cursor: 1, preferredColumn: nil, page: 1)
          == nil, "\(key)")
    }
  }
}
