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

  /// A checkbox written as a widget, the way `Toggle` draws itself.
  struct Checkbox: Widget {
    let label: String
    let isOn: Bool
    let onChange: @MainActor (Bool) -> Void
    var flexibility: Flex { .none }

    func sizeThatFits(_ proposal: Size) -> Size {
      Size(width: label.terminalWidth + 4, height: 1)
    }

    func draw(in rect: Rect, canvas: Canvas) {
      let (isOn, onChange) = (isOn, onChange)
      let focused = canvas.focus(help: [("Space", "Toggle")]) { key in
        guard key == .space || key == .enter || key.click != nil else { return false }
        onChange(!isOn)
        return true
      }
      canvas.put(
        (isOn ? "[x] " : "[ ] ") + label, column: rect.x, row: rect.y,
        style: Style(attributes: focused ? .reverse : []))
    }
  }

  /// Built-in views draw into a canvas as a widget does: the same view written as a widget
  /// draws the same cells, in the same inherited style, clipped the same way, and takes the
  /// same keys.
  @Test func aBuiltInViewAndTheSameViewWrittenAsAWidgetDrawAlike() {
    for width in [3, 8, 20] {
      var builtIn = false
      var custom = false
      let terminal = HeadlessTerminal(size: Size(width: 2 * width + 1, height: 2)) {
        HStack(spacing: 1) {
          Toggle("Café 漢字", isOn: builtIn) { builtIn = $0 }.frame(width: width)
          Checkbox(label: "Café 漢字", isOn: custom) { custom = $0 }.frame(width: width)
        }
        .foreground(.green)
      }
      // The built-in one has the focus first, then the widget: each is compared with the
      // other as it was with the focus and without.
      let first = terminal.grid
      terminal.press(.tab)
      let second = terminal.grid
      for column in 0..<width {
        #expect(first[column, 0] == second[width + 1 + column, 0], "width \(width), \(column)")
        #expect(second[column, 0] == first[width + 1 + column, 0], "width \(width), \(column)")
      }
      terminal.press(.space)
      #expect(custom && !builtIn)
      terminal.press(.backTab, .space)
      #expect(builtIn)
    }
  }
}
