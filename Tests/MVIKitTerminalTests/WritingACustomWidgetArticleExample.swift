import MVIKit
import MVIKitTerminal
import Testing

// The Writing a Custom Widget article's code, compiled and run here: MVIKitTests'
// TerminalArticleSnippetTests fails when one of the article's blocks is not found in this file
// line for line.

/// The article's widgets and the screen that uses one, in a namespace: WidgetTests has a
/// `Gauge` and a `Clicker` of its own.
enum WritingACustomWidgetArticle {
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

  /// An upload, whose state the gauge shows.
  struct Upload: Model {
    struct State: Equatable, Sendable {
      var fileName = "report.pdf"
      var sent = 3
      var size = 4
    }
    enum Intent: Equatable, Sendable {
      case sent(Int)
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .sent(let count): state.sent = count
      }
      return .none
    }
  }

  struct UploadView: View {
    let store: Store<Upload>

    var body: some View {
      Box("Upload") {
        Gauge(value: store.sent, total: store.size)
        Text(store.fileName)
      }
    }
  }

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
}

@MainActor
@Suite struct WritingACustomWidgetArticleTests {
  typealias Gauge = WritingACustomWidgetArticle.Gauge
  typealias Clicker = WritingACustomWidgetArticle.Clicker
  typealias Upload = WritingACustomWidgetArticle.Upload

  /// The article's test of the gauge, with more of what it draws.
  @Test func theGaugeFillsItsShareAndEndsInItsBoldLabel() {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 4)) {
      Box {
        Gauge(value: 5, total: 10)
        Text("below")
      }
    }
    #expect(terminal.text[1] == "│█████████     5/10│")
    #expect(terminal.text[2].hasPrefix("│below"))
    #expect(terminal.grid.style(column: 15, row: 1).attributes.contains(.bold))
  }

  /// The gauge in a box, with what it shows read from the store.
  @Test func theUploadBoxShowsTheStoresProgress() {
    let store = Store(initialState: Upload.State(), model: Upload())
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 4)) {
      WritingACustomWidgetArticle.UploadView(store: store)
    }
    #expect(terminal.text[0].hasPrefix("┌ Upload "))
    #expect(terminal.text[1] == "│█████████████  3/4│")
    #expect(terminal.text[2].hasPrefix("│report.pdf"))
    store.send(.sent(4))
    #expect(terminal.text[1] == "│███████████████4/4│")
  }

  /// Each clicker keeps its own count between frames, and takes ↑ while focused and clicks.
  @Test func theClickerKeepsItsCountAndTakesUpAndClicks() {
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 3)) {
      Clicker(label: "A")
      Clicker(label: "B")
      HelpBar()
    }
    #expect(terminal.text[0].hasPrefix("A 0"))
    #expect(terminal.text[2].contains("↑ Count"))
    terminal.press(.up, .up)
    #expect(terminal.text[0].hasPrefix("A 2"))
    #expect(terminal.cursor == Grid.Position(column: 0, row: 0))
    #expect(terminal.grid.style(column: 0, row: 0).attributes.contains(.reverse))
    terminal.click("B 0")
    #expect(terminal.text[1].hasPrefix("B 1"))
    #expect(terminal.text[0].hasPrefix("A 2"))
    terminal.press(.down)
    #expect(terminal.text[1].hasPrefix("B 1"))
  }
}
