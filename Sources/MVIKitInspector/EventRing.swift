/// A first-in-first-out queue in a ring of memory that grows but never moves what stays: the
/// feed's queue, which drops its oldest event as often as it appends one during a burst.
///
/// Why not an array: removing an array's first element moves all the others, and removing a
/// batch at a time left dropped events alive until the batch went (see ``PendingEvents``). An
/// array of optionals made the optimised build ask the runtime for the enum's tag on every
/// look, and NIOCore's `CircularBuffer` keeps its elements as optionals too. Here an element
/// is moved in and moved out, bit for bit, and nothing else is touched.
///
/// Not thread-safe: the main actor and the feed's task each use one ring at a time, and hand
/// them over under the feed's lock (``PendingEvents/take(into:)``).
@usableFromInline
final class EventRing<Element: Sendable>: @unchecked Sendable {
  /// Room for ``capacity`` elements, of which ``count`` from ``head`` on, wrapping around,
  /// are initialised. Without run-time exclusivity checks, which were a sixth of the main
  /// actor's time in a burst: one user at a time, as said above, and no access overlaps
  /// another within the ring's methods.
  @exclusivity(unchecked) @usableFromInline var storage: UnsafeMutablePointer<Element>
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  @exclusivity(unchecked) @usableFromInline var head = 0
  @exclusivity(unchecked) @usableFromInline var count = 0

  init(capacity: Int = 16) {
    self.capacity = max(1, capacity)
    storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    removeAll()
    storage.deallocate()
  }

  @inlinable var isEmpty: Bool { count == 0 }

  /// The place of the element `offset` places after the oldest.
  @inlinable
  func slot(_ offset: Int) -> UnsafeMutablePointer<Element> {
    let index = head + offset
    return storage + (index < capacity ? index : index - capacity)
  }

  @inlinable
  func append(_ element: consuming Element) {
    if count == capacity { grow() }
    slot(count).initialize(to: element)
    count += 1
  }

  /// Moves out the oldest element. The ring must not be empty.
  @inlinable
  func removeFirst() -> Element {
    precondition(count > 0, "removeFirst() on an empty EventRing")
    let element = (storage + head).move()
    head = head + 1 == capacity ? 0 : head + 1
    count -= 1
    return element
  }

  /// Puts `element` back before the oldest: the undo of ``removeFirst()``.
  @inlinable
  func prepend(_ element: consuming Element) {
    if count == capacity { grow() }
    head = head == 0 ? capacity - 1 : head - 1
    (storage + head).initialize(to: element)
    count += 1
  }

  /// Destroys every element, keeping the memory.
  func removeAll() {
    let first = min(count, capacity - head)
    (storage + head).deinitialize(count: first)
    storage.deinitialize(count: count - first)
    head = 0
    count = 0
  }

  /// Twice the room, the elements moved to its start in order.
  @usableFromInline
  func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    let first = min(count, capacity - head)
    larger.moveInitialize(from: storage + head, count: first)
    (larger + first).moveInitialize(from: storage, count: count - first)
    storage.deallocate()
    storage = larger
    capacity *= 2
    head = 0
  }
}
