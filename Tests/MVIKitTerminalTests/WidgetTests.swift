import MVIKit
import MVIKitTerminal
import Testing

@MainActor
@Suite struct WidgetTests {
  /// A bar of `value` cells out of `total`, as wide as it is offered.
  struct Gauge: Widget {
    let value: Int
    let total: Int
    var flexibility: Flex { .horizontal }

    func sizeThatFits(_ proposal: Size) -> Size { Size(width: proposal.width, height: 1) }

    func draw(in rect: Rect, canvas: Canvas) {
      let filled = rect.width * value / max(1, total)
      canvas.fill(Rect(x: rect.x, y: rect.y, width: filled, height: 1), with: "█")
      let label = "\(value)/\(total)"
      canvas.put(
        label, column: rect.maxX - label.terminalWidth, row: rect.y,
        style: .init(attributes: .bold))
    }
  }

  /// A counter that keeps its own count and takes ↑ and clicks.
  struct Clicker: StatefulWidget {
    final class Count { var value = 0 }
    let label: String

    func makeState() -> Count { Count() }
    func sizeThatFits(_ proposal: Size) -> Size { Size(width: 12, height: 1) }
    var flexibility: Flex { .none }

    func draw(in rect: Rect, canvas: Canvas, state: Count) {
      let focused = canvas.focus(help: [("↑", "Count")]) { key in
        guard key == .up || key.click != nil else { return false }
        state.value += 1
        return true
      }
      canvas.put(
        "\(label) \(state.value)", column: rect.x, row: rect.y,
        style: Style(attributes: focused ? .reverse : []))
      if focused { canvas.showCursor(at: Grid.Position(column: rect.x, row: rect.y)) }
    }
  }

  @Test func aWidgetSizesItselfInAStackAndDrawsClippedToItsArea() {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 4)) {
      Box {
        Gauge(value: 5, total: 10)
        Text("below")
      }
    }
    #expect(terminal.text[1] == "│█████████     5/10│")
    #expect(terminal.text[2].hasPrefix("│below"))
    #expect(terminal.grid.style(column: 15, row: 1).attributes.contains(.bold))
    // Nothing spilled over the border.
    #expect(terminal.text[1].last == "│")
  }

  @Test func aStatefulWidgetKeepsItsStatePerPlaceAndTakesKeysAndClicks() {
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 3)) {
      Clicker(label: "A")
      Clicker(label: "B")
    }
    #expect(terminal.text[0].hasPrefix("A 0"))
    terminal.press(.up, .up)
    #expect(terminal.text[0].hasPrefix("A 2"))
    #expect(terminal.cursor == Grid.Position(column: 0, row: 0))
    terminal.click("B 0")
    #expect(terminal.text[1].hasPrefix("B 1"))
    #expect(terminal.text[0].hasPrefix("A 2"))
    #expect(terminal.focusedID == "1")
    terminal.press(.tab, .up)
    #expect(terminal.text[0].hasPrefix("A 3"))
  }

  @Test func aCanvasDrawsOtherViewsInsideTheWidget() {
    struct Labelled: Widget {
      func draw(in rect: Rect, canvas: Canvas) {
        canvas.put("»", column: rect.x, row: rect.y)
        canvas.draw(
          Text("漢字 inside").bold(), in: Rect(x: rect.x + 2, y: rect.y, width: 7, height: 5))
      }
    }
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 3)) {
      Labelled().frame(height: 2)
    }
    // The text wraps in its rect, cut to the widget's two rows.
    #expect(terminal.text == ["» 漢字      ", "  inside    ", "            "])
    #expect(terminal.grid.style(column: 2, row: 0).attributes.contains(.bold))
  }

  @Test func modifiersAroundAWidgetStyleWhatItDraws() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1)) {
      Gauge(value: 1, total: 2).foreground(.red)
    }
    #expect(terminal.grid.style(column: 0, row: 0).foreground == .red)
  }
}
