/// What the runtime remembers between renders that is not app state: text cursors and list
/// scroll offsets, keyed by view id.
@MainActor
final class InteractionState {
  var cursors: [String: Int] = [:]
  var scrollOffsets: [String: Int] = [:]
  /// Scroll views scrolled to their end, which stay there as lines are added.
  var followingEnd: Set<String> = []
  /// Lists being filtered, with the query; see `ListFilter`.
  var listFilters: [String: ListFilter] = [:]
  /// Text fields showing an entry of their history, with the draft to come back to.
  var historyBrowsing: [String: TextFieldHistory.Browsing] = [:]
}
