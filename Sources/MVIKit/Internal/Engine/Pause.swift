/// A root store's View shown another state than the live one, by an attachment: a past state,
/// for time travel (`StateHistory`, the inspector's page).
///
/// Meanwhile the engine refuses the View's intents, which would be computed against the state
/// shown and then applied to the live one, and holds what effects send until the pause ends.
/// A class, so that an engine that is never paused pays one word for it.
@MainActor
@usableFromInline
final class Pause<M: Model> {
  /// The live state, shown again when the pause ends.
  let live: M.State
  /// Who paused the View, so that its own next step is not taken for another's.
  let owner: AnyObject
  /// Tells the owner that the state it showed is shown no more: the store is live again, or
  /// another attachment showed a state of its own.
  let letGo: @MainActor () -> Void

  init(live: M.State, owner: AnyObject, letGo: @escaping @MainActor () -> Void) {
    self.live = live
    self.owner = owner
    self.letGo = letGo
  }
}
