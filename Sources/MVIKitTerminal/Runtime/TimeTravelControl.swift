import MVIKit

/// What the terminal does while its store shows a past state, whatever its model: with a
/// `StateTimeline` (MVIKitTimeTravel's `StateHistory`), the keys that step through the past (Ctrl-T) and the bar that says where
/// the View is; for a past that another debugging aid shows (the inspector, from its page or an agent), a bar that
/// says so and Esc back to live. Either way the View gets no key while the past shows: its
/// input would be computed against the past.
@MainActor
final class TimeTravelControl {
  /// The key that opens and closes the overlay.
  static let toggleKey = Key.ctrl("t")

  /// Whether Ctrl-T opens the overlay: the app was given a history.
  let hasHistory: Bool
  private let position: () -> Int?
  private let count: () -> Int
  private let label: (Int) -> String
  private let show: (Int) -> Void
  private let returnToLive: () -> Void
  private let storeShowsPast: () -> Bool
  private let storeReturnToLive: () -> Void

  init<M: Model>(_ timeline: (any StateTimeline)?, store: Store<M>) {
    hasHistory = timeline != nil
    storeShowsPast = { [weak store] in store?.isShowingPast ?? false }
    storeReturnToLive = { [weak store] in store?.returnToLive() }
    position = { [weak timeline] in timeline?.position }
    count = { [weak timeline] in timeline?.count ?? 0 }
    label = { [weak timeline] index in
      guard let timeline, index >= 0, index < timeline.count else { return "" }
      guard let intent = timeline.intent(at: index) else { return "the first state kept" }
      let text = Self.readable(intent.description)
      return "after the \(intent.origin == .effect ? "effect's" : "view's") \(text)"
    }
    show = { [weak timeline] in timeline?.show($0) }
    returnToLive = { [weak timeline] in timeline?.returnToLive() }
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

  /// Whether a past state shows, through the overlay or another debugging aid.
  var isActive: Bool { position() != nil || storeShowsPast() }

  /// Handles `key` while a past state shows, or opens the overlay; returns whether it used the
  /// key.
  func handle(_ key: Key) -> Bool {
    guard let position = position() else {
      if key == Self.toggleKey, count() > 0 {
        show(count() - 1)
        return true
      }
      guard storeShowsPast() else { return false }
      if key == .escape { storeReturnToLive() }
      // Every other key is dropped: the View shows a past that another aid chose.
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

  /// Draws the bar over the bottom two rows of `screen`, a canvas of the whole grid.
  func draw(on screen: Canvas) {
    let rows: [String]
    if let position = position() {
      rows = [
        "⏪ TIME TRAVEL · state \(position + 1) of \(count()) · ←/→ step · Home/End · Esc live",
        label(position),
      ]
    } else if storeShowsPast() {
      rows = [
        "⏪ PAST STATE · chosen in a debugging aid (the inspector) · Esc live",
        "Keys are paused, as they would act on the past; the live state waits as it was.",
      ]
    } else {
      return
    }
    let bounds = screen.bounds
    guard bounds.height >= 2 else { return }
    let style = Style(foreground: .black, background: .magenta, attributes: .bold)
    for (offset, text) in rows.enumerated() {
      let rect = Rect(x: bounds.x, y: bounds.maxY - 2 + offset, width: bounds.width, height: 1)
      screen.fill(rect, style: style)
      screen.put(" " + text, column: rect.x, row: rect.y, style: style, within: rect)
    }
  }
}
