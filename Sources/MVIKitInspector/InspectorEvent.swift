import MVIKit

/// One thing the inspector saw on the main actor, kept as values until the feed encodes it off
/// the main actor: capturing costs a lock and an append, never an encoding.
@usableFromInline
enum InspectorEvent<M: Model>: Sendable {
  /// `run`: the effect run that sent it, when known; `site`: where the View sent it from.
  case intent(step: Int, origin: IntentOrigin, time: Double, run: Int?, site: SendSite, M.Intent)
  case state(step: Int, M.State)
  case sideEffect(step: Int, M.SideEffect)
  case warning(step: Int, time: Double, String)
  case error(step: Int, time: Double, String)
  /// An effect's run started or ended (`moment`: started, finished, cancelled, failed), with
  /// its cancellation id and the error that failed it, as text; `startedBy` is the step whose
  /// reduce started it.
  case effect(
    step: Int, time: Double, run: Int, moment: String, id: String?, failure: String?,
    startedBy: Int)
  /// The store shows its live state, or the state after `shownStep`.
  case status(live: Bool, shownStep: Int?)
}

extension InspectorEvent {
  /// Whether this is a step's intent.
  @inlinable var isIntent: Bool {
    if case .intent = self { true } else { false }
  }
}
