/// Intents waiting to be reduced, first in, first out, each with the cascade its work joins
/// (nil: the cascade of the send being drained).
///
/// Keeps its storage between sends, so a chain of fed-back intents allocates nothing once the
/// queue has grown to the chain's width.
@usableFromInline
struct IntentQueue<Intent> {
  @usableFromInline var items: [(intent: Intent, cascade: Cascade?)] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  @inlinable var isEmpty: Bool { head == items.count }

  @inlinable mutating func append(_ intent: Intent, cascade: Cascade?) {
    items.append((intent, cascade))
  }

  @inlinable mutating func popFirst() -> (intent: Intent, cascade: Cascade?)? {
    guard head < items.count else { return nil }
    let item = items[head]
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1_024, head * 2 >= items.count {
      // A long chain that keeps the queue non-empty: drop the consumed prefix now and then.
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}
