import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct TableTests {
  struct City {
    var name: String
    var country: String
    var people: Int
  }

  static let cities = (0..<1_000).map {
    City(name: "City \($0)", country: $0.isMultiple(of: 2) ? "Japan" : "Chile", people: $0 * 1_000)
  }

  final class Selection {
    var index: Int? = 0
    var sort: Table<City>.Sort? = nil
    var opened: [Int] = []
  }

  func terminal(_ rows: [City], _ selection: Selection, width: Int = 40) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: width, height: 8)) {
      Table(
        rows,
        columns: [
          Table.Column("Name") { $0.name },
          Table.Column("Country", width: .fixed(8)) { $0.country },
          Table.Column("People", width: .fixed(8), alignment: .trailing) { String($0.people) },
        ],
        selection: selection.index, onSelect: { selection.index = $0 },
        onActivate: { selection.opened.append($0) },
        sort: selection.sort, onSort: { selection.sort = $0 })
    }
  }

  @Test func drawsAHeaderAndTheRowsInColumns() {
    let selection = Selection()
    let terminal = terminal(Self.cities, selection)
    #expect(terminal.text[0].hasPrefix("Name"))
    #expect(terminal.text[0].contains("Country    People"))
    #expect(terminal.text[1].hasPrefix("City 0"))
    // The fixed columns end at the scrollbar; numbers are right-aligned in theirs.
    #expect(terminal.text[2].dropLast().hasSuffix("Chile        1000"))
    #expect("│█".contains(terminal.text[2].last ?? " "))
  }

  @Test func enterOnAnEmptyTableOpensNothingThoughASelectionIsKept() {
    // The rows went (a filter, a reload) while the model still holds its selection: there is
    // no row to open, so the app is not handed an index into an empty list.
    let selection = Selection()
    let terminal = terminal([], selection)
    terminal.press(.enter)
    #expect(selection.opened.isEmpty)
  }

  @Test func keysMoveTheSelectionAndScrollItIntoView() {
    let selection = Selection()
    let terminal = terminal(Self.cities, selection)
    terminal.press(.end)
    #expect(selection.index == 999)
    #expect(terminal.text[7].hasPrefix("City 999"))
    #expect(terminal.text[1].hasPrefix("City 993"))
    terminal.press(.pageUp, .up)
    #expect(selection.index == 992)
    terminal.press(.enter)
    #expect(selection.opened == [992])
  }

  @Test func sortKeysReportTheSortAndTheHeaderMarksIt() {
    let selection = Selection()
    let terminal = terminal(Self.cities, selection)
    terminal.press(">")
    #expect(selection.sort == Table<City>.Sort(column: 0))
    terminal.press(">", "r")
    #expect(selection.sort == Table<City>.Sort(column: 1, ascending: false))
    #expect(terminal.text[0].contains("Count… ▼"))
    terminal.press("<")
    #expect(selection.sort == Table<City>.Sort(column: 0, ascending: false))
  }

  @Test func longValuesAreCutWithAnEllipsisInTheirColumn() {
    let selection = Selection()
    let rows = [City(name: "Llanfairpwllgwyngyll", country: "United Kingdom", people: 3_000)]
    let terminal = terminal(rows, selection, width: 30)
    #expect(terminal.text[1] == "Llanfairpwl… United …     3000")
  }

  @Test func widthsGiveFixedColumnsTheirWidthAndShareTheRest() {
    let columns: [Table<Int>.Column] = [
      .init("a") { String($0) }, .init("b", width: .fixed(5)) { String($0) },
      .init("c", width: .flexible(minimum: 10)) { String($0) },
    ]
    #expect(Table<Int>.widths(of: columns, in: 40) == [17, 5, 16])
    #expect(Table<Int>.widths(of: columns, in: 12) == [1, 5, 10])
  }
}
