import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct TextFieldMouseTests {
  final class Field {
    var text: String
    init(_ text: String) { self.text = text }
  }

  func terminal(_ field: Field, width: Int) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: width, height: 2)) {
      HStack(spacing: 0) {
        Text("> ")
        TextField("Name", text: field.text) { field.text = $0 }
      }
    }
  }

  func click(_ terminal: HeadlessTerminal, column: Int) {
    terminal.press(.mouse(Mouse(.press(.left), column: column, row: 0)))
  }

  @Test func aClickPutsTheCursorOnTheCharacterClicked() {
    let field = Field("hello world")
    let terminal = terminal(field, width: 30)
    click(terminal, column: 5)
    #expect(terminal.cursor == Grid.Position(column: 5, row: 0))
    terminal.type("X")
    #expect(field.text == "helXlo world")
  }

  @Test func aClickPastTheEndPutsTheCursorAfterTheText() {
    let field = Field("hello")
    let terminal = terminal(field, width: 30)
    terminal.press(.home)
    click(terminal, column: 20)
    #expect(terminal.cursor == Grid.Position(column: 7, row: 0))
    terminal.type("!")
    #expect(field.text == "hello!")
  }

  @Test func clicksOnWideCharactersInAScrolledFieldCountColumnsFromTheFirstShown() {
    let field = Field("漢字かなカナ漢字ab")
    // Ten columns for the field after the two of the prompt; the cursor at the end scrolls the
    // text so that it shows from ナ: ナ漢字ab.
    let terminal = terminal(field, width: 12)
    #expect(terminal.text[0] == "> ナ漢字ab  ")
    // Either half of 漢 puts the cursor before it.
    click(terminal, column: 5)
    #expect(terminal.cursor == Grid.Position(column: 4, row: 0))
    click(terminal, column: 4)
    #expect(terminal.cursor == Grid.Position(column: 4, row: 0))
    terminal.type("X")
    #expect(field.text == "漢字かなカナX漢字ab")
    click(terminal, column: 11)
    terminal.type("Y")
    #expect(field.text == "漢字かなカナX漢字abY")
  }

  @Test func aClickOnAnotherRowIsNotTheFields() {
    let field = Field("hello")
    let terminal = terminal(field, width: 30)
    terminal.press(.home)
    terminal.press(.mouse(Mouse(.press(.left), column: 4, row: 1)))
    terminal.type("X")
    #expect(field.text == "Xhello")
  }
}
