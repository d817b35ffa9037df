/// An intent waiting to be reduced, with the cascade its work joins (nil: the cascade of the
/// send being drained), where it came from, and the number of the effect run that sent it
/// (0 when none is known: the View's, a `.send`, or a run while nothing hears runs). The run
/// fits beside the origin in the same word, so the item is no larger for it. `site`: where the
/// View sent it from, for what is attached (unknown for an effect's).
@usableFromInline
typealias QueuedIntent<Intent> = (
  intent: Intent, cascade: Cascade?, origin: IntentOrigin, run: Int32, site: SendSite
)

/// Intents waiting to be reduced, first in, first out. Keeps its storage between sends, so a
/// chain of fed-back intents allocates nothing once the queue has grown to the chain's width.
@usableFromInline
typealias IntentQueue<Intent> = FIFOBuffer<QueuedIntent<Intent>>
