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
///
/// The events are in a ring, a reference: the queue lives in one place, the feed's pending
/// slot, and is changed there, never copied.
@usableFromInline
struct PendingEvents<M: Model>: Sendable {
  @usableFromInline var events = EventRing<InspectorEvent<M>>()
  /// How many intents are queued: the steps the queue holds.
  @usableFromInline var steps = 0
  @usableFromInline let limit: Int
  /// Whether events were dropped since the feed last took the queue.
  @usableFromInline var overflowed = false
  /// The state after the last dropped step, the base to go on from.
  @usableFromInline var rebase: M.State?
  /// Steps dropped since the feed last took the queue.
  @usableFromInline var droppedSteps = 0

  /// How many events the queue holds at most, whatever their steps. Steps rarely have more
  /// than three events, but events that belong to no new step can come without end: a View
  /// sending while the store shows a past state, for one, is refused with a warning each time.
  @usableFromInline let maximumEvents: Int

  init(limit: Int) {
    self.limit = max(1, limit)
    maximumEvents = 4 * self.limit + 1_024
  }

  var isEmpty: Bool { events.isEmpty }

  @inlinable
  mutating func append(_ event: consuming InspectorEvent<M>) {
    if event.isIntent {
      if steps == limit { dropOldestStep() }
      steps += 1
    } else if events.count >= maximumEvents {
      dropOldestStep()
    }
    events.append(event)
  }

  /// Drops the events up to the second queued intent: the oldest step, and anything captured
  /// before it. With no second intent, every queued event.
  @inlinable
  mutating func dropOldestStep() {
    overflowed = true
    var hasDroppedIntent = false
    // Each event is moved out to look at it and moved on, never copied: a copy of a state would
    // visit its memory once more, and a copy of an event went through the runtime's value
    // witnesses. The next step's intent is moved back.
    while !events.isEmpty {
      let event = events.removeFirst()
      if event.isIntent {
        if hasDroppedIntent {
          events.prepend(consume event)
          return
        }
        hasDroppedIntent = true
        droppedSteps += 1
        steps -= 1
      } else if case .state(_, let state) = consume event {
        rebase = state
      }
    }
  }

  /// Empties the queue for the feed: `ring` receives the queued events, and the queue goes on
  /// in `ring`'s old memory, which the feed emptied, so that appending after a batch does not
  /// allocate again. Returns the state and count of the steps dropped since the last take,
  /// when any were.
  mutating func take(
    into ring: inout EventRing<InspectorEvent<M>>
  ) -> (rebase: M.State?, steps: Int)? {
    defer {
      steps = 0
      overflowed = false
      rebase = nil
      droppedSteps = 0
    }
    swap(&events, &ring)
    return overflowed ? (rebase, droppedSteps) : nil
  }
}
