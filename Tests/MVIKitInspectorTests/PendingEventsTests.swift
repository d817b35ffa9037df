import MVIKit
import Testing

@testable import MVIKitInspector

/// The feed's queue between the main actor and the feed's task: what a page gets after a
/// burst of more steps than the inspector keeps.
@Suite struct PendingEventsTests {
  /// Steps of one, two and three events, and events before the first intent: the queue holds
  /// the events of the last `limit` steps in order, and says how many steps went and the
  /// state the last of them left.
  @Test(arguments: [1, 2, 5])
  func aBurstKeepsTheLastStepsWholeAndSaysWhatWent(limit: Int) {
    var queue = PendingEvents<Notes>(limit: limit)
    var sent: [(step: Int, events: [InspectorEvent<Notes>])] = [(0, [effect(step: 0)])]
    queue.append(effect(step: 0))
    for step in 1...40 {
      var events = [intent(step)]
      // Every third step changes nothing; every fourth also shows a toast.
      if step % 3 != 0 { events.append(.state(step: step, Notes.State(count: step))) }
      if step % 4 == 0 { events.append(.sideEffect(step: step, .toast("\(step)"))) }
      for event in events { queue.append(event) }
      sent.append((step, events))

      // What came before the first intent goes with the first step.
      let kept = step > limit ? Array(sent.suffix(limit)) : sent
      let dropped = step > limit ? Array(sent.dropLast(limit)) : []
      #expect(queue.steps == min(step, limit))
      #expect(labels(queued(queue)) == labels(kept.flatMap(\.events)), "after step \(step)")
      #expect(queue.overflowed == (step > limit))
      #expect(queue.droppedSteps == max(0, step - limit))
      let lastDroppedState = dropped.flatMap(\.events).last {
        if case .state = $0 { true } else { false }
      }
      if case .state(_, let state)? = lastDroppedState {
        #expect(queue.rebase == state)
      } else {
        #expect(queue.rebase == nil)
      }
    }
  }

  /// The feed takes everything queued and what was dropped before it, and the queue starts
  /// again empty, in the ring the feed gave back.
  @Test func takingTheQueueEmptiesItAndStartsItsCountsAgain() {
    var queue = PendingEvents<Notes>(limit: 2)
    for step in 1...5 {
      queue.append(intent(step))
      queue.append(.state(step: step, Notes.State(count: step)))
    }
    var ring = EventRing<InspectorEvent<Notes>>()
    let given = ObjectIdentifier(ring)
    let dropped = queue.take(into: &ring)
    #expect(labels(drain(ring)) == ["intent 4", "state 4 (4)", "intent 5", "state 5 (5)"])
    #expect(dropped?.steps == 3)
    #expect(dropped?.rebase == Notes.State(count: 3))
    #expect(queue.isEmpty)
    #expect(ObjectIdentifier(queue.events) == given)
    #expect(queue.steps == 0 && queue.droppedSteps == 0 && queue.rebase == nil)
    #expect(!queue.overflowed)

    queue.append(intent(6))
    let none = queue.take(into: &ring)
    #expect(labels(drain(ring)) == ["intent 6"])
    #expect(none == nil)
  }

  /// A long burst: memory stays bounded, and a dropped step's state is let go as it is
  /// dropped, not when the storage is next compacted.
  @Test func aLongBurstStaysBoundedAndLetsGoOfEachDroppedState() {
    var queue = PendingEvents<Tracked>(limit: 3)
    var released: [Weak] = []
    for step in 1...20_000 {
      let box = Box()
      if step > 19_990 { released.append(Weak(box)) }
      queue.append(.intent(step: step, origin: .view, time: 0, run: nil, site: .unknown, .tick))
      queue.append(.state(step: step, Tracked.State(box: box, step: step)))
    }
    // Three steps of two events: the ring never grew past its first size.
    #expect(queue.events.capacity == 16)
    let kept = queued(queue).compactMap {
      if case .state(_, let state) = $0 { state.step } else { nil }
    }
    #expect(kept == [19_998, 19_999, 20_000])
    // Of the last ten, 19,991 to 19,996 are gone; 19,997 is the state the dropped steps left,
    // and the last three are kept.
    #expect(released.prefix(6).allSatisfy { $0.box == nil })
    #expect(released[6].box != nil)
    #expect(queue.rebase?.step == 19_997)
    #expect(released.suffix(3).allSatisfy { $0.box != nil })
  }

  /// Events of no new step, without end (a View sending while the store shows the past): the
  /// queue stays bounded, and a step that comes after them is kept.
  @Test func eventsOfNoNewStepStayBounded() {
    var queue = PendingEvents<Notes>(limit: 10)
    queue.append(intent(1))
    for index in 0..<100_000 {
      queue.append(.warning(step: 1, time: 0, "refused \(index)"))
      #expect(queue.events.count <= queue.maximumEvents, "after \(index + 1) warnings")
    }
    #expect(queue.droppedSteps == 1)
    #expect(queue.steps == 0)
    queue.append(intent(2))
    queue.append(.state(step: 2, Notes.State(count: 2)))
    #expect(labels(Array(queued(queue).suffix(2))) == ["intent 2", "state 2 (2)"])
    #expect(queue.steps == 1)
  }

  // MARK: - Helpers

  private func intent(_ step: Int) -> InspectorEvent<Notes> {
    .intent(step: step, origin: .view, time: 0, run: nil, site: .unknown, .increment)
  }

  private func effect(step: Int) -> InspectorEvent<Notes> {
    .effect(
      step: step, time: 0, run: 1, moment: "started", id: nil, failure: nil, startedBy: step)
  }

  private func queued<M>(_ queue: PendingEvents<M>) -> [InspectorEvent<M>] {
    (0..<queue.events.count).map { queue.events.slot($0).pointee }
  }

  private func drain<Element>(_ ring: EventRing<Element>) -> [Element] {
    var elements: [Element] = []
    while !ring.isEmpty { elements.append(ring.removeFirst()) }
    return elements
  }

  private func labels(_ events: [InspectorEvent<Notes>]) -> [String] {
    events.map { event in
      switch event {
      case .intent(let step, _, _, _, _, _): "intent \(step)"
      case .state(let step, let state): "state \(step) (\(state.count))"
      case .sideEffect(let step, _): "toast \(step)"
      case .effect(let step, _, _, let moment, _, _, _): "effect \(moment) \(step)"
      case .warning(let step, _, _): "warning \(step)"
      case .error(let step, _, _): "error \(step)"
      case .status: "status"
      }
    }
  }
}

/// A model whose states hold an object, to see when the queue lets go of one.
private struct Tracked: Model {
  struct State: Sendable {
    let box: Box
    let step: Int
  }
  enum Intent: Sendable { case tick }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> { .none }
}

private final class Box: Sendable {}

private struct Weak {
  weak var box: Box?
  init(_ box: Box) { self.box = box }
}
