/// A member of the state that ``Store/observe(_:)`` closures read, with the runs to repeat
/// when it changes. Unlike Observation's one-shot tracking it stays registered, so a rerun
/// costs no re-arming.
@MainActor
class ObservedMemberBase {
  private var runs: [ObservationRun] = []

  /// Whether any run is registered.
  var isObserved: Bool { !runs.isEmpty }

  func add(_ run: ObservationRun) {
    runs.append(run)
  }

  func remove(_ run: ObservationRun) {
    runs.removeAll { $0 === run }
  }

  /// Runs every run not yet run in `batch`.
  func runAll(batch: Int) {
    for run in runs where run.batch != batch {
      run.batch = batch
      run.run()
    }
  }
}

@MainActor
class ObservedMember<State>: ObservedMemberBase {
  /// Whether the member changed in `state` since last checked; remembers the new value.
  func changed(in state: State) -> Bool { true }
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
