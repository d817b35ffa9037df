/// Intents waiting to be reduced, first in, first out, each with the cascade its work joins
/// (nil: the cascade of the send being drained).
///
/// Keeps its storage between sends, so a chain of fed-back intents allocates nothing once the
/// queue has grown to the chain's width.
@usableFromInline
struct IntentQueue<Intent> {
  @usableFromInline var buffer = FIFOBuffer<(intent: Intent, cascade: Cascade?)>()

  @usableFromInline
  init() {}

  @inlinable mutating func append(_ intent: Intent, cascade: Cascade?) {
    buffer.append((intent, cascade))
  }

  @inlinable mutating func popFirst() -> (intent: Intent, cascade: Cascade?)? {
    buffer.popFirst()
  }
}
