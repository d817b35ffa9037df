import MVIKit

/// The states the inspected store reached, by step, for travel: the state before the oldest
/// kept step, then one per step that changed the state. Bounded: past `limit` the oldest are
/// dropped, in batches, so keeping them costs the same per step however many are kept.
@usableFromInline
struct StepStates<State> {
  @usableFromInline var steps: [Int] = []
  /// nil for a dropped entry that is not the base: its state is let go at once, so that the
  /// next step's state can reuse its memory rather than fresh pages.
  @usableFromInline var states: [State?] = []
  /// How many of the oldest entries are dropped but not yet removed. The last of them holds
  /// the state before the oldest kept step, so dropping one costs only this count and letting
  /// go of the entry before it.
  @usableFromInline var head = 0
  /// The state before the oldest kept step once the dropped entries are removed.
  @usableFromInline var removedBase: State
  /// The step after the last removed entry.
  @usableFromInline var removedFirstStep = 1
  @usableFromInline let limit: Int

  init(base: State, limit: Int) {
    removedBase = base
    self.limit = max(1, limit)
  }

  /// How many steps are kept.
  var count: Int { steps.count - head }

  /// The state before step ``firstStep``.
  @usableFromInline var base: State { head > 0 ? states[head - 1] ?? removedBase : removedBase }

  /// The oldest step whose state can be shown.
  @usableFromInline var firstStep: Int { head > 0 ? steps[head - 1] + 1 : removedFirstStep }

  @inlinable
  mutating func append(step: Int, _ state: State) {
    steps.append(step)
    states.append(state)
    guard steps.count - head > limit else { return }
    head += 1
    if head >= 2 { states[head - 2] = nil }
    guard head >= limit else { return }
    removedBase = base
    removedFirstStep = firstStep
    steps.removeFirst(head)
    states.removeFirst(head)
    head = 0
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
    return low == head ? base : states[low - 1] ?? base
  }
}
