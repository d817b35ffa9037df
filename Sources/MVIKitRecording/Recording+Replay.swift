import MVIKit

extension Recording {
  /// Reduces every recorded intent with `model`, in order, from ``initialState``, and checks
  /// that each state it reaches is the recorded one.
  ///
  /// Effects are not run: the intents they fed back during the recording are reduced as
  /// recorded, in their place. The states come back in order, the initial one first, ready for
  /// a `StateHistory` that steps through all of them:
  ///
  /// ```swift
  /// let entries = try recording.replay(with: model)
  /// let history = StateHistory(entries: entries)
  /// let store = Store(initialState: entries[entries.count - 1].state, model: model,
  ///                   attaching: [history])
  /// ```
  ///
  /// States are compared as they encode, so a `Secret` (recorded redacted) never
  /// differs. A reduce that branches on a secret's content sees its `RedactedPlaceholder`
  /// instead.
  ///
  /// - Throws: ``ReplayDivergence`` at the first state that differs from the recording, with
  ///   what differs.
  public func replay(with model: M) throws -> [StateHistory<M>.Entry] {
    var state = initialState
    try check(state, against: initialTree, step: 0)
    var entries = [StateHistory<M>.Entry(intent: nil, origin: nil, state: state)]
    entries.reserveCapacity(steps.count + 1)
    for (index, step) in steps.enumerated() {
      _ = model.reduce(&state, step.intent)
      try check(state, against: step.state, step: index + 1)
      entries.append(.init(intent: step.intent, origin: step.origin, state: state))
    }
    return entries
  }

  private func check(_ state: M.State, against recorded: JSONValue, step: Int) throws {
    let replayed = try JSONValue(encoding: state)
    guard replayed != recorded else { return }
    let recordedStep = step > 0 ? steps[step - 1] : nil
    throw ReplayDivergence(
      step: step, stepCount: steps.count,
      intent: recordedStep.map { $0.recordedIntent.summary(limit: 200) },
      origin: recordedStep?.origin,
      differences: StateChange.changes(from: recorded, to: replayed).map {
        "\($0.pathText): recorded \($0.old?.summary() ?? "(none)"), replayed \($0.new?.summary() ?? "(none)")"
      },
      involvesSecret: recordedStep.map { $0.recordedIntent.contains(Secret<String>.redactedText) }
        ?? false)
  }
}

extension JSONValue {
  /// Whether `text` is a string anywhere in this tree.
  func contains(_ text: String) -> Bool {
    switch self {
    case .string(let value): value == text
    case .array(let items): items.contains { $0.contains(text) }
    case .object(let fields): fields.values.contains { $0.contains(text) }
    case .null, .bool, .int, .double: false
    }
  }
}
