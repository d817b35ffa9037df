/// An intent waiting to be reduced, with the cascade its work joins (nil: the cascade of the
/// send being drained) and where it came from.
@usableFromInline
typealias QueuedIntent<Intent> = (intent: Intent, cascade: Cascade?, origin: IntentOrigin)

/// Intents waiting to be reduced, first in, first out. Keeps its storage between sends, so a
/// chain of fed-back intents allocates nothing once the queue has grown to the chain's width.
@usableFromInline
typealias IntentQueue<Intent> = FIFOBuffer<QueuedIntent<Intent>>
