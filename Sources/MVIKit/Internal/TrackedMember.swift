import Observation

/// A part of the state that some reader accessed through a store, with what it last saw.
///
/// After each reduce the store asks every tracked member whether its value changed, and
/// notifies observers of those that did. A member leaves the table when it is notified
/// (observation is one-shot) and comes back when somebody reads it again.
@MainActor
class TrackedMember<Subject: Observable & AnyObject, State> {
  /// Whether the member's value in `state` differs from the value it was last read with.
  func hasChanged(in state: State) -> Bool { true }
  func willSet(_ registrar: ObservationRegistrar, _ subject: Subject) {}
  func didSet(_ registrar: ObservationRegistrar, _ subject: Subject) {}
}

@MainActor
final class TrackedValue<Subject: Observable & AnyObject, State, Value>: TrackedMember<
  Subject, State
>
{
  let subjectPath: KeyPath<Subject, Value>
  let statePath: KeyPath<State, Value>
  private let last: Value?
  private let isEqual: ((Value, Value) -> Bool)?

  init(
    subjectPath: KeyPath<Subject, Value>,
    statePath: KeyPath<State, Value>,
    last: Value?,
    isEqual: ((Value, Value) -> Bool)?
  ) {
    self.subjectPath = subjectPath
    self.statePath = statePath
    self.last = last
    self.isEqual = isEqual
  }

  override func hasChanged(in state: State) -> Bool {
    guard let isEqual, let last else { return true }
    return !isEqual(last, state[keyPath: statePath])
  }

  override func willSet(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.willSet(subject, keyPath: subjectPath)
  }

  override func didSet(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.didSet(subject, keyPath: subjectPath)
  }
}
