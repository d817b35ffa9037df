extension Recording {
  /// Reduces every recorded intent in `store`, in order, and checks that each state it reaches
  /// is the recorded one.
  ///
  /// Effects are not run: the intents they fed back during the recording are reduced as
  /// recorded, in their place. The store's observers see each step, so a View (or a
  /// ``StateHistory``) follows the replay. Start from a fresh store made with
  /// ``initialState``.
  ///
  /// States are compared as they encode, so a ``Secret`` (recorded redacted) never differs. A
  /// reduce that branches on a secret's content sees its ``RedactedPlaceholder`` instead.
  ///
  /// - Throws: ``ReplayDivergence`` at the first state that differs from the recording, with
  ///   what differs; ``RecordingError/scopedStore`` for a scoped store.
  @MainActor
  public func replay(into store: Store<M>) throws {
    guard store.model != nil else { throw RecordingError.scopedStore }
    try check(store.currentState, against: initialTree, step: 0)
    for (index, step) in steps.enumerated() {
      store.reduceWithoutEffects(step.intent, origin: step.origin)
      try check(store.currentState, against: step.state, step: index + 1)
    }
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

extension Store {
  /// Reduces `intent` as a send would, and drops the effect it returns.
  func reduceWithoutEffects(_ intent: M.Intent, origin: IntentOrigin) {
    isReducing = true
    ObservationRuns.sendBegan()
    defer {
      isReducing = false
      ObservationRuns.sendEnded()
    }
    _ = reduceObserved(intent, origin: origin)
  }
}
