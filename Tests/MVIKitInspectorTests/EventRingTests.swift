import Testing

@testable import MVIKitInspector

/// The ring under the feed's queue: order kept through wrapping and growth, and every element
/// let go exactly once.
@Suite struct EventRingTests {
  /// Appends and removals in every phase of the ring, wrapped or not, growing or not, against
  /// an array doing the same.
  @Test func itKeepsTheOrderOfAnArrayThroughWrappingAndGrowth() {
    let ring = EventRing<String>(capacity: 4)
    var expected: [String] = []
    var next = 0
    // Each round appends one more than it removes, so the ring wraps, then grows while wrapped.
    for round in 1...40 {
      for _ in 0...(round % 5) {
        ring.append("e\(next)")
        expected.append("e\(next)")
        next += 1
      }
      for _ in 0..<(round % 5) where !expected.isEmpty {
        #expect(ring.removeFirst() == expected.removeFirst())
      }
      #expect(ring.count == expected.count)
      #expect((0..<ring.count).map { ring.slot($0).pointee } == expected, "round \(round)")
    }
    #expect(ring.capacity >= expected.count)
  }

  /// What a removal takes out can be put back first, also when the oldest sat at the start of
  /// the memory and when the ring is full.
  @Test func aRemovedElementPutBackIsFirstAgain() {
    let ring = EventRing<Int>(capacity: 2)
    ring.append(1)
    ring.append(2)
    let first = ring.removeFirst()
    ring.append(3)  // Wraps: the ring is full again.
    ring.prepend(first)  // Grows, then puts it before 2.
    #expect(drain(ring) == [1, 2, 3])

    ring.append(4)
    ring.prepend(ring.removeFirst())
    #expect(drain(ring) == [4])
  }

  /// A dropped ring, and an emptied one, let go of what they held; an emptied one is used
  /// again.
  @Test func itLetsGoOfItsElementsOnceWhenEmptiedOrDropped() {
    var watched: [Watched] = []
    var ring: EventRing<Token>? = EventRing(capacity: 4)
    for index in 0..<6 {
      let token = Token()
      watched.append(Watched(token))
      ring?.append(token)
      if index == 1 { _ = ring?.removeFirst() }
    }
    #expect(watched[0].token == nil)
    #expect(watched.dropFirst().allSatisfy { $0.token != nil })
    ring?.removeAll()
    #expect(watched.allSatisfy { $0.token == nil })
    #expect(ring?.isEmpty == true)

    let kept = Token()
    let watchedKept = Watched(kept)
    ring?.append(kept)
    #expect(ring?.count == 1)
    // Going, the ring lets go of its reference only: the token lives on with ours.
    ring = nil
    #expect(watchedKept.token != nil)
    withExtendedLifetime(kept) {}
  }

  @Test func itFreesWhatItHoldsWhenItGoes() {
    var watched: [Watched] = []
    do {
      let ring = EventRing<Token>(capacity: 2)
      for _ in 0..<5 {
        let token = Token()
        watched.append(Watched(token))
        ring.append(token)
      }
      _ = ring.removeFirst()
      ring.append(Token())
    }
    #expect(watched.allSatisfy { $0.token == nil })
  }

  private func drain<Element>(_ ring: EventRing<Element>) -> [Element] {
    var elements: [Element] = []
    while !ring.isEmpty { elements.append(ring.removeFirst()) }
    return elements
  }
}

private final class Token: Sendable {}

private struct Watched {
  weak var token: Token?
  init(_ token: Token) { self.token = token }
}
