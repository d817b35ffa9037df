/// A viewport on text longer than its space: a log, a transcript, a help page. The text wraps
/// to the width; when focused, ↑/↓, PgUp/PgDn and Home/End scroll it, and a scrollbar shows
/// where the view is.
///
/// The scroll position is the runtime's, like a text field's cursor; with `followsEnd`, a view
/// that was at the end stays at the end as lines are added (a growing log).
///
/// ```swift
/// ScrollView(store.transcript, followsEnd: true)
/// ```
public struct ScrollView: View, Element {
  private let text: String
  private let followsEnd: Bool

  /// A viewport on `text`; `\n` starts a new line.
  public init(_ text: String, followsEnd: Bool = false) {
    self.text = text
    self.followsEnd = followsEnd
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size { proposal }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { .both }

  func draw(_ rect: Rect, _ context: RenderContext) {
    guard !rect.isEmpty else { return }
    var lines = Self.lines(of: text, width: rect.width)
    let hasScrollbar = lines.count > rect.height && rect.width > 1
    if hasScrollbar { lines = Self.lines(of: text, width: rect.width - 1) }
    let id = context.id
    let interaction = context.interaction
    let lastOffset = max(0, lines.count - rect.height)
    // The offset is stored as the distance from the end while following, so new lines keep
    // the end in view.
    let endKey = id + "#end"
    var offset = interaction.scrollOffsets[id] ?? (followsEnd ? lastOffset : 0)
    if followsEnd, interaction.scrollOffsets[endKey] == 1 { offset = lastOffset }
    offset = min(max(0, offset), lastOffset)
    interaction.scrollOffsets[id] = offset
    interaction.scrollOffsets[endKey] = offset == lastOffset ? 1 : 0
    let page = max(1, rect.height - 1)
    _ = context.registerFocusable(rect: rect, help: [(key: "↑↓", text: "Scroll")]) { key in
      let target: Int
      switch key {
      case .up: target = offset - 1
      case .down: target = offset + 1
      case .pageUp: target = offset - page
      case .pageDown: target = offset + page
      case .home: target = 0
      case .end: target = lastOffset
      default: return false
      }
      let clamped = min(max(0, target), lastOffset)
      interaction.scrollOffsets[id] = clamped
      interaction.scrollOffsets[endKey] = clamped == lastOffset ? 1 : 0
      return true
    }
    let width = rect.width - (hasScrollbar ? 1 : 0)
    for (row, line) in lines.dropFirst(offset).prefix(rect.height).enumerated() {
      let lineRect = Rect(x: rect.x, y: rect.y + row, width: width, height: 1)
      context.put(line, column: rect.x, row: rect.y + row, style: context.style, clip: lineRect)
    }
    if hasScrollbar {
      SelectionKeys.drawScrollbar(rect, offset: offset, count: lines.count, context: context)
    }
  }

  static func lines(of text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      TextWrapper.wrap(String($0), width: max(1, width))
    }
  }
}
