/// What only a root store has: the model it runs, its intent queues, the effect runner, and the
/// taps and time travel of the debugging aids attached to it. A scoped store has none of these:
/// it sends up to its root.
@MainActor
@usableFromInline
final class RootCore<M: Model> {
  @usableFromInline let model: M
  /// Also reached from the store's nonisolated deinit, to cancel what runs.
  @usableFromInline nonisolated let runner: EffectRunner<M.Intent, M.SideEffect>
  /// Intents that the intent being reduced fed back, reduced first in, first out.
  @exclusivity(unchecked) @usableFromInline var queue = IntentQueue<M.Intent>()
  /// Intents sent from outside while the store reduces (by an observer, say): each waits until
  /// the intents before it have done all their synchronous work.
  @exclusivity(unchecked) @usableFromInline var deferred = IntentQueue<M.Intent>()
  /// True from the first reduce of a send until both queues are empty.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// The store's ``Store/flowObserver``.
  @usableFromInline var flowObserver: (@MainActor (FlowEvent<M>) -> Void)?
  /// Recorders and state histories listening to the flow.
  @usableFromInline var taps: [FlowTap<M>] = []
  /// Set while a `StateHistory` shows a past state: the live state. The intents that arrive
  /// meanwhile wait in `deferred`, reduced once the store is live again.
  var liveState: M.State?

  init(model: M) {
    self.model = model
    runner = EffectRunner()
  }
}

/// An intent waiting to be reduced, with the cascade its work joins (nil: the cascade of the
/// send being drained) and where it came from.
@usableFromInline
typealias QueuedIntent<Intent> = (intent: Intent, cascade: Cascade?, origin: IntentOrigin)

/// Intents waiting to be reduced, first in, first out. Keeps its storage between sends, so a
/// chain of fed-back intents allocates nothing once the queue has grown to the chain's width.
@usableFromInline
typealias IntentQueue<Intent> = FIFOBuffer<QueuedIntent<Intent>>
