/// A history of a store's states that a View can step through: what a View needs to show a
/// past state and go back to live, whoever keeps the history.
///
/// MVIKitTimeTravel's `StateHistory` is one. MVIKitTerminal's time-travel overlay (Ctrl-T)
/// steps through any timeline it is given, so that the terminal UI needs no debugging layer of
/// its own: without one, it still shows the bar of a past state that another aid (the
/// inspector) chose, from the store's ``Store/isShowingPast``.
@MainActor
public protocol StateTimeline: AnyObject {
  /// How many states are kept.
  var count: Int { get }
  /// The index of the state the store shows, or nil while it is live.
  var position: Int? { get }
  /// What led to the state at `index`: its intent, as text, and where the intent came from;
  /// nil for a state no intent led to (the first one kept).
  func intent(at index: Int) -> (description: String, origin: IntentOrigin?)?
  /// Shows the state at `index` (clamped to the states kept): the store shows it, and
  /// pauses its View's intents, until ``returnToLive()``.
  func show(_ index: Int)
  /// Shows the live state again.
  func returnToLive()
}
