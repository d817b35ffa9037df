/// A member of the state that ``Store/observe(_:)`` closures read, with the value they saw and
/// the observations to rerun when it changes. Unlike Observation's one-shot tracking, it stays
/// registered, so a rerun costs no re-arming.
@MainActor
class ObservedMember<State> {
  private var observations: [Weak] = []

  struct Weak {
    weak var observation: StoreObservation?
  }

  /// Whether the member changed in `state` since last checked; remembers the new value.
  func changed(in state: State) -> Bool { true }

  func add(_ observation: StoreObservation) {
    observations.append(Weak(observation: observation))
  }

  /// Schedules every live observation; forgets the ones that were released or cancelled.
  /// Returns whether any is left.
  func scheduleObservations() -> Bool {
    var gone = false
    for entry in observations {
      if let observation = entry.observation, observation.isActive {
        ObservationRuns.schedule(observation)
      } else {
        gone = true
      }
    }
    if gone { observations.removeAll { $0.observation?.isActive != true } }
    return !observations.isEmpty
  }
}

@MainActor
final class ObservedValue<State, Value>: ObservedMember<State> {
  private let path: KeyPath<State, Value>
  private var last: Value
  private let isEqual: ((Value, Value) -> Bool)?

  init(path: KeyPath<State, Value>, value: Value, isEqual: ((Value, Value) -> Bool)?) {
    self.path = path
    self.last = value
    self.isEqual = isEqual
  }

  override func changed(in state: State) -> Bool {
    let value = state[keyPath: path]
    if let isEqual, isEqual(last, value) { return false }
    last = value
    return true
  }
}
