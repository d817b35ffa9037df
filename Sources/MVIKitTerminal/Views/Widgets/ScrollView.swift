/// A viewport on text longer than its space: a log, a transcript, a help page. The text wraps
/// to the width; when focused, ↑/↓, PgUp/PgDn and Home/End scroll it, the mouse wheel scrolls
/// it three lines a notch, and a scrollbar shows where the view is.
///
/// The scroll position is the runtime's, like a text field's cursor; with `followsEnd`, a view
/// that was at the end stays at the end as lines are added (a growing log).
///
/// ```swift
/// ScrollView(store.transcript, followsEnd: true)
/// ```
public struct ScrollView: View, FillingElement {
  private let text: String
  private let followsEnd: Bool

  /// A viewport on `text`; `\n` starts a new line.
  public init(_ text: String, followsEnd: Bool = false) {
    self.text = text
    self.followsEnd = followsEnd
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard !rect.isEmpty else { return }
    var lines = Self.lines(of: text, width: rect.width)
    let hasScrollbar = lines.count > rect.height && rect.width > 1
    if hasScrollbar { lines = Self.lines(of: text, width: rect.width - 1) }
    let kept = canvas.kept(Kept.init)
    let lastOffset = max(0, lines.count - rect.height)
    var offset = kept.offset ?? (followsEnd ? lastOffset : 0)
    if followsEnd, kept.isAtEnd { offset = lastOffset }
    offset = min(max(0, offset), lastOffset)
    func scroll(to offset: Int) {
      kept.offset = offset
      kept.isAtEnd = offset == lastOffset
    }
    scroll(to: offset)
    let page = max(1, rect.height - 1)
    let uses: @MainActor (Key) -> Bool = { key in
      SelectionKeys.target(for: key, current: offset, count: lastOffset + 1, page: page) != nil
    }
    canvas.focus(help: [(key: "↑↓", text: "Scroll")], uses: uses) { key in
      if key.click != nil { return true }
      if let direction = key.scrollDirection {
        scroll(to: min(max(0, offset + direction * Self.linesPerNotch), lastOffset))
        return true
      }
      // The first line shown moves like a selection over the offsets there are.
      guard
        let target = SelectionKeys.target(
          for: key, current: offset, count: lastOffset + 1, page: page)
      else { return false }
      scroll(to: target)
      return true
    }
    canvas.put(
      lines: lines.dropFirst(offset).prefix(rect.height),
      in: rect.inset(trailing: hasScrollbar ? 1 : 0))
    if hasScrollbar {
      SelectionKeys.drawScrollbar(rect, offset: offset, count: lines.count, canvas: canvas)
    }
  }

  /// How far one notch of the mouse wheel scrolls, as most terminals and browsers do.
  static let linesPerNotch = 3

  static func lines(of text: String, width: Int) -> [String] {
    TextWrapper.wrapLines(text, width: max(1, width))
  }

  /// What a scroll view keeps between frames.
  final class Kept: ScrollPosition {
    /// Scrolled to the end, where a view that follows the end stays as lines are added.
    var isAtEnd = false
  }
}
