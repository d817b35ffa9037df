import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct TextFieldHistoryTests {
  final class Search {
    var text = ""
    var history: [String] = []
    var ups = 0
    var downs = 0
  }

  func terminal(_ search: Search, isSecure: Bool = false) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 60, height: 3)) {
      VStack {
        TextField(
          "Search", text: search.text, isSecure: isSecure, history: search.history,
          onSubmit: {
            search.history.append(search.text)
            search.text = ""
          },
          onChange: { search.text = $0 })
        HelpBar()
      }
      .onKey([.up], help: nil) { search.ups += 1 }
      .onKey([.down], help: nil) { search.downs += 1 }
    }
  }

  @Test func upGoesBackThroughTheHistoryAndDownComesBackToTheDraft() {
    let search = Search()
    search.history = ["red", "green", "blue"]
    let terminal = terminal(search)
    terminal.type("gr")
    terminal.press(.up)
    #expect(search.text == "blue")
    #expect(terminal.cursor == Grid.Position(column: 4, row: 0))
    terminal.press(.up, .up)
    #expect(search.text == "red")
    terminal.press(.up)
    #expect(search.text == "red")
    terminal.press(.down)
    #expect(search.text == "green")
    terminal.press(.down, .down)
    #expect(search.text == "gr")
    #expect(terminal.cursor == Grid.Position(column: 2, row: 0))
    // Back at the draft there is nothing newer: ↓ is the screen's.
    terminal.press(.down)
    #expect(search.downs == 1)
    #expect(search.ups == 0)
    #expect(terminal.text[1].contains("↑↓ History"))
  }

  @Test func editingARecalledEntryMakesItTheDraft() {
    let search = Search()
    search.history = ["red", "green"]
    let terminal = terminal(search)
    terminal.press(.up)
    terminal.type("ish")
    #expect(search.text == "greenish")
    terminal.press(.down)
    #expect(search.text == "greenish")
    #expect(search.downs == 1)
    terminal.press(.up, .up)
    #expect(search.text == "red")
    terminal.press(.down, .down)
    #expect(search.text == "greenish")
  }

  @Test func movingTheCursorInARecalledEntryKeepsBrowsing() {
    let search = Search()
    search.history = ["red", "green"]
    let terminal = terminal(search)
    terminal.press(.up, .left, .home, .up)
    #expect(search.text == "red")
  }

  @Test func aSubmittedTextIsTheNewestEntryNextTime() {
    let search = Search()
    search.history = ["red"]
    let terminal = terminal(search)
    terminal.press(.up)
    terminal.type("dish")
    terminal.press(.enter)
    #expect(search.history == ["red", "reddish"])
    #expect(search.text.isEmpty)
    terminal.press(.up)
    #expect(search.text == "reddish")
    terminal.press(.down)
    #expect(search.text.isEmpty)
  }

  @Test func withoutAHistoryUpAndDownAreTheScreens() {
    let search = Search()
    let terminal = terminal(search)
    terminal.type("abc")
    terminal.press(.up, .down)
    #expect(search.text == "abc")
    #expect(search.ups == 1)
    #expect(search.downs == 1)
    #expect(!terminal.text[1].contains("History"))
  }

  @Test func aSecureFieldRecallsNothing() {
    let search = Search()
    search.history = ["hunter2"]
    let terminal = terminal(search, isSecure: true)
    terminal.press(.up)
    #expect(search.text.isEmpty)
    #expect(search.ups == 1)
  }
}
