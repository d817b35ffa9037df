import MVIKit

/// What the main actor captured and the feed's task has not yet taken, oldest first.
///
/// It holds at most `limit` steps, the bound of the log and of ``StepStates``. A step past the
/// bound drops the oldest step's events then and there, keeping what the feed needs to go on
/// without them: how many steps went, and the state they left.
///
/// Why one step at a time, at that bound: the state a step left is held here and in
/// ``StepStates``, and both let go of it in the same step. The first visit to its memory is a
/// cache miss, the second is not. Dropped in batches, or at another bound, each old state
/// would be a miss twice.
@usableFromInline
struct PendingEvents<M: Model>: Sendable {
  /// The queue from ``head`` on; before it, ``InspectorEvent/dropped`` until the storage is
  /// compacted.
  @usableFromInline var events: [InspectorEvent<M>] = []
  @usableFromInline var head = 0
  /// How many intents are queued: the steps the queue holds.
  @usableFromInline var steps = 0
  @usableFromInline let limit: Int
  /// Whether events were dropped since the feed last took the queue.
  @usableFromInline var overflowed = false
  /// The state after the last dropped step, the base to go on from.
  @usableFromInline var rebase: M.State?
  /// Steps dropped since the feed last took the queue.
  @usableFromInline var droppedSteps = 0

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  @usableFromInline var isEmpty: Bool { head == events.count }

  @inlinable
  mutating func append(_ event: consuming InspectorEvent<M>) {
    if event.isIntent {
      if steps == limit { dropOldestStep() }
      steps += 1
    }
    events.append(event)
  }

  /// Drops the events up to the second queued intent: the oldest step, and anything captured
  /// before it.
  @inlinable
  mutating func dropOldestStep() {
    overflowed = true
    var hasDroppedIntent = false
    // Each event is moved out to look at it, not copied: a copy of a state would visit its
    // memory once more. The next step's intent is moved back.
    while head < events.count {
      var event = InspectorEvent<M>.dropped
      swap(&event, &events[head])
      switch event {
      case .intent:
        guard !hasDroppedIntent else {
          swap(&event, &events[head])
          compact()
          return
        }
        hasDroppedIntent = true
        droppedSteps += 1
        steps -= 1
      case .state(_, let state):
        rebase = state
      default:
        break
      }
      head += 1
    }
    compact()
  }

  /// Removes the dropped prefix once it is at least half the storage, so that each event is
  /// moved at most once more on average.
  @inlinable
  mutating func compact() {
    guard head >= 1_024, head * 2 >= events.count else { return }
    events.removeFirst(head)
    head = 0
  }

  /// Empties the queue for the feed: `storage` receives the queued events (from the returned
  /// index on), and the queue goes on in `storage`'s old buffer, which the feed emptied with
  /// its capacity kept, so that appending after a batch does not allocate again. Returns the
  /// state and count of the steps dropped since the last take, when any were.
  mutating func take(
    into storage: inout [InspectorEvent<M>]
  ) -> (start: Int, dropped: (rebase: M.State?, steps: Int)?) {
    defer {
      head = 0
      steps = 0
      overflowed = false
      rebase = nil
      droppedSteps = 0
    }
    swap(&events, &storage)
    return (head, overflowed ? (rebase, droppedSteps) : nil)
  }
}
