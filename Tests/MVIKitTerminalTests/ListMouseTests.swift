import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct ListMouseTests {
  typealias Selection = ListSelection

  /// A list under a one-line title, so that clicks must be taken relative to where it is drawn.
  func terminal(
    _ items: [String], _ selection: Selection, height: Int = 6, filterable: Bool = false
  ) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 20, height: height)) {
      VStack {
        Text("Title")
        selection.list(items, filterable: filterable)
      }
    }
  }

  func click(_ terminal: HeadlessTerminal, column: Int = 2, row: Int) {
    terminal.press(.mouse(Mouse(.press(.left), column: column, row: row)))
  }

  func wheel(_ terminal: HeadlessTerminal, _ action: Mouse.Action, times: Int = 1) {
    for _ in 0..<times { terminal.press(.mouse(Mouse(action, column: 2, row: 2))) }
  }

  static let items = (0..<100).map { "Item \($0)" }

  @Test func aClickSelectsTheRowAndASecondClickActivatesIt() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection)
    click(terminal, row: 3)
    #expect(selection.index == 2)
    #expect(selection.opened.isEmpty)
    #expect(terminal.grid.style(column: 0, row: 3).attributes.contains(.reverse))
    click(terminal, row: 3)
    #expect(selection.opened == [2])
    #expect(selection.selected == [2])
  }

  @Test func clicksCountFromTheFirstRowShownWhenScrolled() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection)
    terminal.press(.end)
    #expect(terminal.text[5].hasPrefix("Item 99"))
    click(terminal, row: 1)
    #expect(selection.index == 95)
  }

  @Test func clicksOnTheScrollbarOrBelowTheLastRowDoNothing() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection)
    click(terminal, column: 19, row: 3)
    #expect(selection.selected.isEmpty)
    let short = Selection()
    let shortTerminal = self.terminal(["One", "Two"], short)
    click(shortTerminal, row: 4)
    #expect(short.selected.isEmpty)
    #expect(short.opened.isEmpty)
  }

  @Test func aClickInAFilteredListReportsTheItemsIndex() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection, filterable: true)
    terminal.press("/")
    terminal.type("7")
    terminal.press(.enter)
    // Title, filter line, then the items whose number starts with 7 (7, 70, 71, …), then 17, …
    #expect(terminal.text[3].hasPrefix("Item 70"))
    click(terminal, row: 3)
    #expect(selection.index == 70)
    click(terminal, row: 3)
    #expect(selection.opened == [70])
  }

  @Test func aClickOnTheFilterLineTypesIntoTheQuery() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection, filterable: true)
    terminal.press("/")
    terminal.type("9")
    terminal.press(.enter)
    #expect(terminal.cursor == nil)
    click(terminal, row: 1)
    #expect(terminal.cursor == Grid.Position(column: 2, row: 1))
    terminal.type("9")
    #expect(terminal.text[1].hasPrefix("/99"))
    #expect(selection.index == 99)
  }

  @Test func theWheelMovesTheSelectionARowANotchAndStopsAtTheEnds() {
    let selection = Selection()
    let terminal = terminal(["One", "Two", "Three"], selection)
    wheel(terminal, .scrollDown)
    #expect(selection.index == 1)
    wheel(terminal, .scrollDown, times: 3)
    #expect(selection.index == 2)
    #expect(selection.selected == [1, 2])
    wheel(terminal, .scrollUp, times: 5)
    #expect(selection.index == 0)
    #expect(selection.selected == [1, 2, 1, 0])
  }

  @Test func otherButtonsAreLeftAlone() {
    let selection = Selection()
    let terminal = terminal(Self.items, selection)
    terminal.press(.mouse(Mouse(.press(.right), column: 2, row: 3)))
    terminal.press(.mouse(Mouse(.release(.left), column: 2, row: 3)))
    #expect(selection.selected.isEmpty)
  }
}
