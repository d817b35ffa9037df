/// Which view has the focus, among the focusable views of the last frame, and where it goes
/// when that view disappears, the user presses Tab or Esc, or the state asks for it.
@MainActor
struct FocusRing {
  private(set) var focus = Focus.first
  /// The focusable views of the last frame, in drawing order.
  var targets: [FocusTarget] = []
  /// Views that lost focus because they disappeared (under an alert, on a screen pushed
  /// over): when one comes back, it gets focus back, so dismissing an alert returns the
  /// cursor to the field the user was in.
  private var lostFocus: [String] = []

  /// The id of the focused view; nil when no view has the focus.
  var focusedID: String? { focus.id(first: targets.first?.id) }

  /// The focused view, as of the last frame.
  var focused: FocusTarget? { targets.first { isFocused($0.id) } }

  /// Gives the focus to the view with `id` (a click on it).
  mutating func focus(on id: String) {
    focus = .view(id)
  }

  /// Moves the focus after a pass in which the focused view disappeared; returns whether it
  /// moved, so the frame is drawn again.
  mutating func settle(previousIDs: Set<String>) -> Bool {
    let ids = targets.map(\.id)
    switch focus {
    case .first:
      guard let first = ids.first else { return false }
      focus = .view(first)
      return false
    case .view(let focusedID) where !ids.contains(focusedID):
      // The focused view is gone (an alert, a screen change, a list emptied): go back to the
      // most recent view that lost focus and is there again.
      lostFocus.append(focusedID)
      if lostFocus.count > 32 { lostFocus.removeFirst() }
      guard !restoreLost(among: ids) else { return true }
      focus = fallback(isNewScreen: previousIDs.isDisjoint(with: ids))
      return true
    case .screen(let after, let restoresLost):
      if restoresLost, restoreLost(among: ids) { return true }
      // A new screen (the view the focus left went with the old one, an alert came up): the
      // focus lands on its first view, so that its keys act at once.
      guard let first = ids.first, !ids.contains(after ?? ""), previousIDs.isDisjoint(with: ids)
      else { return false }
      focus = .view(first)
      return true
    default:
      return false
    }
  }

  /// Gives the focus back to the view that lost it most recently and is among `ids` again;
  /// returns whether there was one.
  private mutating func restoreLost(among ids: [String]) -> Bool {
    guard let restored = lostFocus.lastIndex(where: ids.contains) else { return false }
    focus = .view(lostFocus[restored])
    lostFocus.removeSubrange(restored...)
    return true
  }

  /// Where the focus goes when its view disappeared and no earlier one came back. A new
  /// screen starts on its first view, a field included. On the same screen the focus never
  /// drops into a text field on its own: the keys the user goes on pressing (`u` to undo the
  /// delete that emptied a list) would type instead of doing what the key bar said.
  private func fallback(isNewScreen: Bool) -> Focus {
    if isNewScreen, let first = targets.first { return .view(first.id) }
    if targets.isEmpty { return .first }
    if let other = targets.first(where: { !$0.takesText }) { return .view(other.id) }
    return .screen(after: nil, restoresLost: true)
  }

  /// Gives the focus to a view whose state asks for it (``View/focused(_:onFocusChange:)``);
  /// returns whether it moved.
  mutating func followRequest() -> Bool {
    let asking = targets.filter { $0.focusRequest?.isFocused == true }
    guard let first = asking.first, !asking.contains(where: { isFocused($0.id) }) else {
      return false
    }
    focus = .view(first.id)
    return true
  }

  func isFocused(_ id: String) -> Bool { focusedID == id }

  /// Tells the views that asked for the focus in their state that the user moved it onto
  /// them or off them.
  func reportChange(from before: Focus) {
    for target in targets {
      guard let request = target.focusRequest else { continue }
      let (was, now) = (before.id(first: targets.first?.id) == target.id, isFocused(target.id))
      if was != now { request.onChange(now) }
    }
  }

  /// Tab and Shift-Tab: on to the next view, or back to the one before, round the screen.
  /// A text field that is the only focusable view gives the focus to the screen, so that its
  /// bindings can be reached; from the screen, Tab goes on from the view that had the focus.
  mutating func move(by step: Int) {
    guard !targets.isEmpty else { return }
    let current: Int
    if case .screen(let after, _) = focus {
      current = after.flatMap { id in targets.firstIndex { $0.id == id } } ?? -step
    } else {
      current = targets.firstIndex { isFocused($0.id) } ?? -step
      if targets.count == 1, targets[0].takesText, current == 0 {
        focus = .screen(after: targets[0].id, restoresLost: false)
        return
      }
    }
    let next = (current + step + targets.count) % targets.count
    focus = .view(targets[next].id)
  }

  /// Esc in a text field: the focus goes to the next view that does not take text, where the
  /// screen's shortcuts work, or to the screen when there is none; a second Esc then means
  /// what it means on the screen (back, say).
  mutating func leave(_ field: FocusTarget) {
    let start = targets.firstIndex { $0.id == field.id } ?? 0
    let order = targets[(start + 1)...] + targets[..<start]
    if let next = order.first(where: { !$0.takesText }) {
      focus = .view(next.id)
    } else {
      focus = .screen(after: field.id, restoresLost: false)
    }
  }
}
