/// What the runtime remembers between renders that is not app state: text cursors and list
/// scroll offsets, keyed by view id.
@MainActor
final class InteractionState {
  var cursors: [String: Int] = [:]
  /// The text each text field's cursor was placed in: text put there by the state instead
  /// moves the cursor to its end.
  var fieldTexts: [String: String] = [:]
  /// The display column a text area's ↑/↓ aim for, kept across shorter lines until a
  /// horizontal move or an edit.
  var preferredColumns: [String: Int] = [:]
  var scrollOffsets: [String: Int] = [:]
  /// Scroll views scrolled to their end, which stay there as lines are added.
  var followingEnd: Set<String> = []
  /// What each ``StatefulWidget`` keeps between frames.
  var widgetStates: [String: AnyObject] = [:]
  /// Lists being filtered, with the query; see `ListFilter`.
  var listFilters: [String: ListFilter] = [:]
  /// Text fields showing an entry of their history, with the draft to come back to.
  var historyBrowsing: [String: TextFieldHistory.Browsing] = [:]
}
