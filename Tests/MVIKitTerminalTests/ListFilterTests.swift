import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct ListFilterTests {
  static let fruits = [
    "Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Mango", "Café Olé",
    "東京タワー", "Éclair",
  ]

  typealias Selection = ListSelection

  func terminal(
    _ selection: Selection, items: [String] = fruits, height: Int = 8, filterable: Bool = true
  ) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 80, height: height)) {
      VStack {
        selection.list(items, filterable: filterable)
        HelpBar()
      }
      .onKey([.escape], help: "Back") { selection.escapes += 1 }
      .onKey(["/"], help: "Search") { selection.slashes += 1 }
    }
  }

  /// The rows of the list under the filter line, trimmed.
  func rows(_ terminal: HeadlessTerminal, from first: Int = 1) -> [String] {
    terminal.text.dropFirst(first).dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  @Test func slashShowsAFilterLineAndTypingKeepsOnlyTheMatchesInOrder() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    #expect(terminal.text[0].hasPrefix("/ "))
    #expect(terminal.text[0].hasSuffix("11/11"))
    #expect(terminal.cursor == Grid.Position(column: 1, row: 0))
    terminal.type("an")
    #expect(terminal.text[0].hasPrefix("/an "))
    #expect(terminal.text[0].hasSuffix("2/11"))
    #expect(rows(terminal) == ["Banana", "Mango"])
    #expect(terminal.cursor == Grid.Position(column: 3, row: 0))
    #expect(selection.slashes == 0)
  }

  @Test func theExactMatchComesFirstThenPrefixesThenWordStartsThenTheRest() {
    let items =
      ["User 0 0 9 x 9 9", "Xuser 00999"] + (990...998).map { "User 00\($0)" } + [
        "Other user 00999", "Super user 00999 backup", "User 00999", "User 009990",
        "U s e r 0 0 9 9 9 x",
      ]
    let selection = Selection()
    let terminal = terminal(selection, items: items, height: 12)
    terminal.press("/")
    terminal.type("User 00999")
    // The item that is the query, then what starts with it, then a word starting with it,
    // then the letters together elsewhere, then apart; the app's order within each.
    #expect(
      rows(terminal) == [
        "User 00999", "User 009990", "U s e r 0 0 9 9 9 x", "Other user 00999",
        "Super user 00999 backup", "Xuser 00999", "User 0 0 9 x 9 9",
      ])
    // Enter ends the typing, the second opens the best match.
    terminal.press(.enter, .enter)
    #expect(selection.opened.last == items.firstIndex(of: "User 00999"))
  }

  @Test func theSelectionReportsIndicesIntoTheItemsNotIntoTheMatches() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("an")
    // Apple no longer matches: the first match is selected, by its index in the items.
    #expect(selection.index == 1)
    terminal.press(.down)
    #expect(selection.index == 7)
    #expect(terminal.grid.style(column: 0, row: 2).attributes.contains(.reverse))
    terminal.press(.down, .home)
    #expect(selection.index == 1)
    terminal.press(.end, .enter)
    #expect(selection.opened.isEmpty)
    terminal.press(.enter)
    #expect(selection.opened == [7])
  }

  @Test func aSelectedItemThatStillMatchesStaysSelected() {
    let selection = Selection()
    selection.index = 7
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("mn")
    #expect(selection.selected.isEmpty)
    #expect(rows(terminal) == ["Mango"])
  }

  @Test func accentsAndCaseAreIgnoredBothWays() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("cafe ole")
    #expect(rows(terminal) == ["Café Olé"])
    terminal.press(.ctrl("u"))
    terminal.type("ÉCL")
    #expect(rows(terminal) == ["Éclair"])
    terminal.press(.ctrl("u"))
    terminal.type("é")
    #expect(terminal.text[0].hasSuffix("7/11"))
    #expect(!terminal.grid.contains("Banana"))
  }

  @Test func decomposedAccentsMatchLikeComposedOnes() {
    let selection = Selection()
    let terminal = terminal(selection, items: ["Cafe\u{301}", "Cafe", "Naïve"])
    terminal.press("/")
    terminal.paste("café")
    #expect(rows(terminal) == ["Café", "Cafe"])
    terminal.press(.ctrl("u"))
    terminal.type("naive")
    #expect(rows(terminal) == ["Naïve"])
  }

  @Test func wideTextIsFilteredAndDrawnByColumns() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("東タ")
    #expect(rows(terminal) == ["東京タワー"])
    #expect(terminal.text[0].hasPrefix("/東タ "))
    // Two wide characters: the cursor is four columns after the slash.
    #expect(terminal.cursor == Grid.Position(column: 5, row: 0))
    #expect(selection.index == 9)
  }

  @Test func withNoMatchesTheListSaysSoAndKeepsTheSelection() {
    let selection = Selection()
    selection.index = 3
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("zzz")
    #expect(terminal.text[1].hasPrefix("No matches"))
    #expect(terminal.grid.style(column: 0, row: 1).attributes.contains(.dim))
    #expect(terminal.text[0].hasSuffix("0/11"))
    terminal.press(.down, .up)
    #expect(selection.index == 3)
    #expect(selection.selected.isEmpty)
    // The selected item is hidden: Enter has nothing the user can see to open.
    terminal.press(.enter, .enter)
    #expect(selection.opened.isEmpty)
    terminal.press("/")
    terminal.press(.backspace, .backspace, .backspace)
    #expect(rows(terminal).count == 6)
    #expect(selection.index == 3)
  }

  @Test func escapeClearsTheFilterAndKeepsTheItemFound() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("gr")
    #expect(selection.index == 6)
    terminal.press(.escape)
    #expect(terminal.text[0].hasPrefix("Apple"))
    #expect(terminal.text[6].hasPrefix("Grape"))
    #expect(!terminal.grid.contains("/gr"))
    #expect(selection.index == 6)
    #expect(selection.escapes == 0)
    // With no filter left, Esc is the screen's again.
    terminal.press(.escape)
    #expect(selection.escapes == 1)
  }

  @Test func enterKeepsTheFilterAndSlashTypesAgain() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/")
    terminal.type("an")
    #expect(terminal.text.last?.contains("Enter Done") == true)
    terminal.press(.enter)
    #expect(terminal.cursor == nil)
    #expect(rows(terminal) == ["Banana", "Mango"])
    #expect(terminal.text.last?.contains("/ Filter") == true)
    #expect(terminal.text.last?.contains("Esc Clear") == true)
    // Not typing: a letter is not added to the query.
    terminal.press("g")
    #expect(terminal.text[0].hasPrefix("/an "))
    terminal.press("/")
    terminal.type("g")
    #expect(rows(terminal) == ["Mango"])
    #expect(selection.index == 7)
    #expect(selection.slashes == 0)
  }

  @Test func enterOnAnEmptyQueryEndsFiltering() {
    let selection = Selection()
    let terminal = terminal(selection)
    terminal.press("/", .enter)
    #expect(terminal.text[0].hasPrefix("Apple"))
    terminal.press(.enter)
    #expect(selection.opened == [0])
  }

  @Test func withoutAFilterTextSlashIsTheScreens() {
    let selection = Selection()
    let terminal = terminal(selection, filterable: false)
    terminal.press("/")
    #expect(selection.slashes == 1)
    #expect(terminal.text[0].hasPrefix("Apple"))
    #expect(terminal.text.last?.contains("/ Search") == true)
    #expect(terminal.text.last?.contains("/ Filter") == false)
    terminal.press(.escape)
    #expect(selection.escapes == 1)
  }

  @Test func anEmptyListCanBeFilteredWithoutEffect() {
    let selection = Selection()
    selection.index = nil
    let terminal = terminal(selection, items: [])
    terminal.press("/")
    terminal.type("a")
    #expect(terminal.text[0].hasSuffix("0/0"))
    #expect(terminal.text[1].hasPrefix("No matches"))
    terminal.press(.down, .enter, .enter)
    #expect(selection.selected.isEmpty)
    #expect(selection.opened.isEmpty)
  }

  @Test func aLongFilteredListScrollsAmongItsMatches() {
    let selection = Selection()
    let items = (0..<1_000).map { "Row \($0)" }
    let terminal = terminal(selection, items: items)
    terminal.press("/")
    terminal.type("99")
    // Every row with two nines, best first: a number starting with them (99, 990 to 999),
    // then one holding them (199 to 899), then one with them apart (909 to 989).
    #expect(terminal.text[0].hasSuffix("28/1000"))
    #expect(selection.index == 99)
    #expect(terminal.text[1].hasPrefix("Row 99 ") && terminal.text[2].hasPrefix("Row 990"))
    terminal.press(.end)
    #expect(selection.index == 989)
    #expect(terminal.text[6].hasPrefix("Row 989"))
    terminal.press(.pageUp)
    #expect(selection.index == 939)
  }

  struct City {
    var name: String
    var country: String
  }

  @Test func itemsAreFoundByTheTextTheListIsGivenNotByWhatTheRowShows() {
    let cities = [City(name: "Lyon", country: "France"), City(name: "Kyoto", country: "Japan")]
    let selection = Selection()
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 4)) {
      List(
        cities, selection: selection.index, onSelect: { selection.index = $0 },
        filterText: \.country, row: { city, _ in Text(city.name) })
    }
    terminal.press("/")
    terminal.type("jp")
    #expect(terminal.text[1].hasPrefix("Kyoto"))
    #expect(selection.index == 1)
    terminal.press(.ctrl("u"))
    terminal.type("ky")
    #expect(terminal.text[1].hasPrefix("No matches"))
  }
}

/// A list whose filter query the app keeps: what a launch restores, and what the user types.
@MainActor
@Suite struct AppKeptFilterTests {
  final class Kept {
    var query: String?
    var changes: [String?] = []
    var selected = 0
  }

  func terminal(_ kept: Kept) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 40, height: 6)) {
      List(
        ListFilterTests.fruits, selection: kept.selected, onSelect: { kept.selected = $0 },
        filterText: { $0 }, filterQuery: kept.query,
        onFilterChange: { query in
          kept.query = query
          kept.changes.append(query)
        }
      ) { fruit, _ in Text(fruit) }
    }
  }

  @Test func aQueryInTheStateShowsAsAFilterAlreadyApplied() {
    let kept = Kept()
    kept.query = "an"
    let terminal = terminal(kept)
    #expect(terminal.text[0].hasPrefix("/an"))
    #expect(terminal.text[1].hasPrefix("Banana"))
    #expect(terminal.text[2].hasPrefix("Mango"))
    // Not being typed: the keys move among the matches.
    #expect(terminal.cursor == nil)
    #expect(kept.changes.isEmpty)
  }

  @Test func eachChangeTheUserMakesGoesToTheApp() {
    let kept = Kept()
    let terminal = terminal(kept)
    terminal.press("/")
    terminal.type("ch")
    terminal.press(.backspace)
    terminal.press(.escape)
    #expect(kept.changes == ["", "c", "ch", "c", nil])
    #expect(kept.query == nil)
    #expect(terminal.text[0].hasPrefix("Apple"))
  }

  @Test func theAppClearingTheQueryClearsTheFilter() {
    let kept = Kept()
    kept.query = "fig"
    let terminal = terminal(kept)
    #expect(terminal.text[0].hasPrefix("/fig"))
    kept.query = nil
    #expect(terminal.text[0].hasPrefix("Apple"))
  }
}
