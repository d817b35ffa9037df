/// What the runtime keeps between frames for the view drawn at each place in the tree, that is
/// not app state: a text field's cursor, a list's scroll offset and filter, a
/// ``StatefulWidget``'s state. One object a place, each view's own kind.
///
/// A view drawn in a frame keeps its state. A view that was not (a screen under another, an app
/// switched away from) keeps it while it is among the ``hiddenLimit`` most recently drawn of
/// those, so that coming back finds it as it was; older ones are forgotten, so that a long
/// session with ever new places does not grow without end.
@MainActor
final class InteractionState {
  /// How many states of views not drawn in the last frame are kept.
  static let hiddenLimit = 256

  private var kept: [String: (state: AnyObject, frame: Int)] = [:]
  private var frame = 0

  /// How many places have state now.
  var count: Int { kept.count }

  /// The state of the view drawn at `id`, made by `make` on its first frame there, or when a
  /// view of another kind was drawn there before.
  func state<State: AnyObject>(at id: String, _ make: () -> State) -> State {
    if let entry = kept[id], let state = entry.state as? State {
      if entry.frame != frame { kept[id] = (state, frame) }
      return state
    }
    let state = make()
    kept[id] = (state, frame)
    return state
  }

  /// Ends a frame: of the views not drawn in it, forgets the least recently drawn beyond
  /// ``hiddenLimit``.
  func endFrame() {
    defer { frame += 1 }
    // Counted before anything is copied: most frames have nothing to forget.
    guard kept.count > Self.hiddenLimit,
      kept.values.count(where: { $0.frame != frame }) > Self.hiddenLimit
    else { return }
    let hidden = kept.filter { $0.value.frame != frame }
    let oldest = hidden.sorted { $0.value.frame < $1.value.frame }
    for (id, _) in oldest.prefix(hidden.count - Self.hiddenLimit) { kept[id] = nil }
  }
}
