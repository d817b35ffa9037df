import MVIKit
import MVIKitTimeTravel

/// The time-travel overlay's hold on a ``StateHistory``, whatever its model: the keys that
/// step through the past, and the bar that says where the View is.
@MainActor
final class TimeTravelControl {
  /// The key that opens and closes the overlay.
  static let toggleKey = Key.ctrl("t")

  private let position: () -> Int?
  private let count: () -> Int
  private let label: (Int) -> String
  private let show: (Int) -> Void
  private let returnToLive: () -> Void

  init<M: Model>(_ history: StateHistory<M>) {
    position = { [weak history] in history?.position }
    count = { [weak history] in history?.count ?? 0 }
    label = { [weak history] index in
      guard let entry = history?.entry(at: index) else { return "" }
      guard let intent = entry.intent else { return "the first state kept" }
      let text = Self.readable(String(describing: intent))
      return "after the \(entry.origin == .effect ? "effect's" : "view's") \(text)"
    }
    show = { [weak history] in history?.show($0) }
    returnToLive = { [weak history] in history?.returnToLive() }
  }

  /// `intent` without module and type qualifiers or generic arguments, which fill the bar
  /// with `ShowcaseKit.AppScreen.Intent.login(...)` instead of `login(...)`; quoted strings are
  /// left alone.
  static func readable(_ description: String) -> String {
    description.split(separator: "\"", omittingEmptySubsequences: false).enumerated().map {
      index, part in
      guard index.isMultiple(of: 2) else { return String(part) }
      var text = String(part)
      // Innermost generic arguments first, until none is left.
      while text.contains(/<[^<>]*>/) { text = text.replacing(/<[^<>]*>/, with: "") }
      return text.replacing(/\b(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?=[A-Za-z_])/, with: "")
    }.joined(separator: "\"")
  }

  /// Whether a past state shows.
  var isActive: Bool { position() != nil }

  /// Handles `key` while the overlay is open, or opens it; returns whether it used the key.
  func handle(_ key: Key) -> Bool {
    guard let position = position() else {
      guard key == Self.toggleKey, count() > 0 else { return false }
      show(count() - 1)
      return true
    }
    switch key {
    case .left, .char("h"), .up: show(position - 1)
    case .right, .char("l"), .down: show(position + 1)
    case .pageUp: show(position - 10)
    case .pageDown: show(position + 10)
    case .home: show(0)
    case .end: show(count() - 1)
    case .escape, Self.toggleKey: returnToLive()
    default: break
    }
    // Every key stays with the overlay: the View shows the past and must not act on it.
    return true
  }

  /// Draws the bar over the bottom two rows.
  func draw(_ context: RenderContext) {
    guard let position = position() else { return }
    let bounds = context.grid.bounds
    guard bounds.height >= 2 else { return }
    let style = Style(foreground: .black, background: .magenta, attributes: .bold)
    let rows = [
      "⏪ TIME TRAVEL · state \(position + 1) of \(count()) · ←/→ step · Home/End · Esc live",
      label(position),
    ]
    for (offset, text) in rows.enumerated() {
      let rect = Rect(x: bounds.x, y: bounds.maxY - 2 + offset, width: bounds.width, height: 1)
      context.fill(rect, style: style)
      context.put(" " + text, column: rect.x, row: rect.y, style: style, clip: rect)
    }
  }
}
