import Testing

@testable import MVIKitInspector

/// The states kept for travel: what a page can travel to, however many steps went past.
@Suite struct StepStatesTests {
  /// Steps that changed the state (some steps change nothing and keep no state), appended to
  /// a bound of `limit`, read back against every state the store reached.
  @Test(arguments: [1, 2, 3, 7])
  func travelFindsTheStateAfterEveryKeptStepAndNothingOlder(limit: Int) {
    var kept = StepStates(base: "start", limit: limit)
    // Step n changes the state on every step but each third.
    let changed = (1...40).filter { $0 % 3 != 0 }
    var reached: [(step: Int, state: String)] = [(0, "start")]
    for step in changed {
      kept.append(step: step, "after \(step)")
      reached.append((step, "after \(step)"))

      // The last `limit` states are kept, and the one before them as the base.
      let oldestKept = reached[max(0, reached.count - limit - 1)]
      #expect(kept.count == min(limit, reached.count - 1))
      #expect(kept.base == oldestKept.state)
      #expect(kept.firstStep == oldestKept.step + 1)
      for target in 0...step {
        let expected = reached.last { $0.step <= target }!
        if target < oldestKept.step {
          #expect(kept.state(after: target) == nil, "step \(target) is older than what is kept")
        } else {
          #expect(kept.state(after: target) == expected.state, "after step \(target)")
        }
      }
    }
  }
}
