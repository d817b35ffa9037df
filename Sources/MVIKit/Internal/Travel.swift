/// A store's live state, put aside while a past state is shown, and the intents that arrived
/// meanwhile, in order.
struct Travel<M: Model> {
  var live: M.State
  var held: [(intent: M.Intent, cascade: Cascade?, origin: IntentOrigin)] = []
}
