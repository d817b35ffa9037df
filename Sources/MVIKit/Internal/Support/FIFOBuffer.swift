/// A first-in-first-out buffer that keeps its storage: popping moves a head index, and the
/// consumed prefix is dropped only when the buffer empties or the prefix outgrows the rest.
/// Shared by the intent queue and the side effect channel.
@usableFromInline
struct FIFOBuffer<Element> {
  @usableFromInline var items: [Element] = []
  @usableFromInline var head = 0

  /// Elements not yet popped.
  var count: Int { items.count - head }
  @inlinable var isEmpty: Bool { head == items.count }

  @inlinable
  mutating func append(_ element: Element) { items.append(element) }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    if head == items.count - 1 {
      // The last one is moved out, not copied then destroyed with the rest: a chain of
      // `.send` steps passes one intent at a time through here.
      let element = items.removeLast()
      if head > 0 { items.removeAll(keepingCapacity: true) }
      head = 0
      return element
    }
    let element = items[head]
    head += 1
    if head >= 64, head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Drops every element not yet popped, keeping the storage.
  mutating func removeAll() {
    items.removeAll(keepingCapacity: true)
    head = 0
  }
}
