/// Intents waiting to be reduced, first in, first out, each with the cascade its work joins
/// (nil: the cascade of the send being drained) and where it came from.
///
/// Keeps its storage between sends, so a chain of fed-back intents allocates nothing once the
/// queue has grown to the chain's width.
@usableFromInline
struct IntentQueue<Intent> {
  @usableFromInline typealias Entry = (intent: Intent, cascade: Cascade?, origin: IntentOrigin)
  @usableFromInline var buffer = FIFOBuffer<Entry>()

  @usableFromInline
  init() {}

  @inlinable mutating func append(_ intent: Intent, cascade: Cascade?, origin: IntentOrigin) {
    buffer.append((intent, cascade, origin))
  }

  @inlinable mutating func popFirst() -> Entry? {
    buffer.popFirst()
  }
}
