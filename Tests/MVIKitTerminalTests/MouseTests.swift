import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct MouseTests {
  func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8)) + decoder.flush()
  }

  @Test func decodesSGRPressesReleasesDragsAndTheWheel() {
    #expect(decode("\u{1B}[<0;10;5M") == [.mouse(Mouse(.press(.left), column: 9, row: 4))])
    #expect(decode("\u{1B}[<0;10;5m") == [.mouse(Mouse(.release(.left), column: 9, row: 4))])
    #expect(decode("\u{1B}[<2;1;1M") == [.mouse(Mouse(.press(.right), column: 0, row: 0))])
    #expect(decode("\u{1B}[<32;3;4M") == [.mouse(Mouse(.drag(.left), column: 2, row: 3))])
    #expect(decode("\u{1B}[<64;7;8M") == [.mouse(Mouse(.scrollUp, column: 6, row: 7))])
    #expect(decode("\u{1B}[<65;7;8M") == [.mouse(Mouse(.scrollDown, column: 6, row: 7))])
    // Shift (4), Alt (8) and Control (16) ride on the button code.
    #expect(
      decode("\u{1B}[<20;2;2M")
        == [.mouse(Mouse(.press(.left), column: 1, row: 1, modifiers: [.shift, .ctrl]))])
    // Columns past 223, which the old X10 encoding could not carry.
    #expect(decode("\u{1B}[<0;300;2M") == [.mouse(Mouse(.press(.left), column: 299, row: 1))])
  }

  @Test func dropsReportsItCannotUseAndKeepsTheKeysAround() {
    // Motion without a button, a sideways wheel, a zero coordinate, a missing field.
    #expect(decode("\u{1B}[<35;1;1Ma") == [.char("a")])
    #expect(decode("\u{1B}[<66;1;1M") == [])
    #expect(decode("\u{1B}[<0;0;1M") == [])
    #expect(decode("\u{1B}[<0;1M\u{1B}[A") == [.up])
  }

  @Test func aReportSplitAcrossReadsDecodesOnce() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[<0;1".utf8)) == [])
    #expect(
      decoder.decode(Array("2;3M".utf8)) == [.mouse(Mouse(.press(.left), column: 11, row: 2))])
    #expect(Key.mouse(Mouse(.scrollUp, column: 0, row: 0)).label == "Wheel")
  }

  @Test func aClickFocusesAndPressesAButton() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 4)) {
      TextField("Email", text: store.email) { store.send(.email($0)) }
      Button("Log in") { store.send(.submit) }
      Toggle("Remember me", isOn: store.remember) { store.send(.remember($0)) }
    }
    #expect(terminal.focusedID == "0")
    #expect(terminal.click("[ Log in ]"))
    #expect(store.submitted == 1)
    #expect(terminal.focusedID == "1")
    terminal.click("Remember me")
    #expect(store.remember)
    #expect(terminal.focusedID == "2")
    // A click on nothing changes nothing.
    terminal.click(column: 29, row: 3)
    #expect(terminal.focusedID == "2")
    #expect(!terminal.click("Not on screen"))
  }

  @Test func theWheelScrollsTheViewUnderThePointerWithoutTakingFocus() {
    let text = (1...40).map { "Line \($0)" }.joined(separator: "\n")
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) {
      Button("Top") {}
      ScrollView(text)
    }
    #expect(terminal.text[1].hasPrefix("Line 1 "))
    terminal.scrollWheel(2, column: 3, row: 2)
    #expect(terminal.text[1].hasPrefix("Line 7 "))
    #expect(terminal.focusedID == "0")
    terminal.scrollWheel(-1, column: 3, row: 2)
    #expect(terminal.text[1].hasPrefix("Line 4 "))
    terminal.scrollWheel(-5, column: 3, row: 2)
    #expect(terminal.text[1].hasPrefix("Line 1 "))
    terminal.scrollWheel(50, column: 3, row: 2)
    #expect(terminal.text[5].hasPrefix("Line 40"))
  }

  @Test func aTableSelectsActivatesAndSortsByClicks() {
    final class Selection {
      var index: Int? = 0
      var sort: Table<Int>.Sort?
      var opened: [Int] = []
    }
    let selection = Selection()
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 6)) {
      Table(
        Array(0..<100),
        columns: [
          Table.Column("Number", width: .fixed(8)) { String($0) },
          Table.Column("Square") { String($0 * $0) },
        ],
        selection: selection.index, onSelect: { selection.index = $0 },
        onActivate: { selection.opened.append($0) },
        sort: selection.sort, onSort: { selection.sort = $0 })
    }
    terminal.click(column: 2, row: 3)
    #expect(selection.index == 2)
    terminal.click(column: 2, row: 3)
    #expect(selection.opened == [2])
    terminal.click("Square")
    #expect(selection.sort == Table<Int>.Sort(column: 1))
    terminal.click("Square")
    #expect(selection.sort == Table<Int>.Sort(column: 1, ascending: false))
    terminal.scrollWheel(3, column: 2, row: 2)
    #expect(selection.index == 5)
    terminal.scrollWheel(-9, column: 2, row: 2)
    #expect(selection.index == 0)
  }

  @Test func underAnAlertOnlyTheAlertTakesClicks() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) {
      Button("Submit") { store.send(.submit) }
    }
    terminal.present(.alert(title: "Saved", message: "Done."))
    terminal.click(column: 2, row: 0)
    #expect(store.submitted == 0)
    #expect(terminal.text.joined().contains("Saved"))
    #expect(terminal.click("[ OK ]"))
    #expect(!terminal.text.joined().contains("Saved"))
    terminal.click(column: 2, row: 0)
    #expect(store.submitted == 1)
  }
}
