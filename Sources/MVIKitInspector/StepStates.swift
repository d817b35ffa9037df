import MVIKit

/// The states the inspected store reached, by step, for travel: the state before the oldest
/// kept step, then one per step that changed the state. Bounded: past `limit` the oldest are
/// dropped, in batches, so keeping them costs the same per step however many are kept.
@usableFromInline
struct StepStates<State> {
  @usableFromInline var steps: [Int] = []
  @usableFromInline var states: [State] = []
  @usableFromInline var head = 0
  /// The state before step ``firstStep``.
  @usableFromInline var base: State
  /// The oldest step whose state can be shown.
  @usableFromInline var firstStep = 1
  @usableFromInline let limit: Int

  init(base: State, limit: Int) {
    self.base = base
    self.limit = max(1, limit)
  }
  @inlinable
  mutating func append(step: Int, _ state: State) {
    steps.append(step)
    states.append(state)
    guard steps.count - head > limit else { return }
    base = states[head]
    firstStep = steps[head] + 1
    head += 1
    if head >= limit {
      steps.removeFirst(head)
      states.removeFirst(head)
      head = 0
    }
  }

  /// The state after `step`: the last state reached at or before it; nil when `step` is older
  /// than what is kept.
  func state(after step: Int) -> State? {
    guard step >= firstStep - 1 else { return nil }
    // The last kept index whose step is at most `step`.
    var low = head
    var high = steps.count
    while low < high {
      let middle = (low + high) / 2
      if steps[middle] <= step { low = middle + 1 } else { high = middle }
    }
    return low == head ? base : states[low - 1]
  }
}
