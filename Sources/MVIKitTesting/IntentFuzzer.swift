import IssueReporting
import MVIKit

/// Property-based testing for models: random intent sequences, invariants checked after each.
///
/// The fuzzer reduces intents directly (synchronously) and follows intents that effects send
/// synchronously (`Effect.send(_:)`). Asynchronous work is not run: generate the intents
/// that such work would send (`.loaded`, `.failed`) among the random ones, which also tests
/// that the model copes with results arriving at any moment.
///
/// ```swift
/// let report = IntentFuzzer(model: TodosModel(...), initialState: .init()) { random in
///   [.filterTapped, .draftChanged("x"), .addTapped].randomElement(using: &random)!
/// } invariant: { state in
///   Set(state.todos.map(\.id)).count == state.todos.count ? nil : "todo ids must be unique"
/// }
/// .run(steps: 10_000)
/// ```
///
/// A violation is reported as a test failure naming the seed and the shortest sequence of
/// intents found that still breaks the invariant, so it can be replayed.
public struct IntentFuzzer<M: Model> {
  /// What a run found.
  public struct Report: Sendable {
    /// The seed the run used; pass it back to replay the run.
    public var seed: UInt64
    /// Intents reduced, including those fed back by effects.
    public var steps: Int
    /// The violated invariant's message, if any.
    public var violation: String?
    /// The shortest failing sequence found (empty when nothing failed).
    public var counterexample: [String]
  }

  let model: M
  let initialState: M.State
  let generate: (inout SeededRandom) -> M.Intent
  let invariant: (M.State) -> String?

  /// A fuzzer for `model` from `initialState`.
  ///
  /// - Parameters:
  ///   - model: The model under test.
  ///   - initialState: The state every run, and every replay while shrinking, starts from.
  ///   - generate: Picks the next intent with the given generator (use it for every random
  ///     choice, so runs replay from their seed).
  ///   - invariant: Returns nil when `state` is fine, else what is wrong with it.
  public init(
    model: M,
    initialState: M.State,
    generate: @escaping (inout SeededRandom) -> M.Intent,
    invariant: @escaping (M.State) -> String?
  ) {
    self.model = model
    self.initialState = initialState
    self.generate = generate
    self.invariant = invariant
  }

  /// Sends `steps` random intents; on a violation, shrinks the sequence and reports it.
  @discardableResult
  public func run(
    steps: Int,
    seed: UInt64 = UInt64.random(in: 0...UInt64.max),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Report {
    var random = SeededRandom(seed: seed)
    var state = initialState
    var history: [M.Intent] = []
    var reduced = 0
    for _ in 0..<steps {
      let intent = generate(&random)
      history.append(intent)
      let applied = apply(intent, to: &state)
      reduced += applied.reduced
      if let runaway = applied.runaway {
        reportIssue(
          "\(runaway) (after \(history.count) intents, seed \(seed))", fileID: fileID,
          filePath: filePath, line: line, column: column)
        return Report(seed: seed, steps: reduced, violation: runaway, counterexample: [])
      }
      if let violation = invariant(state) {
        let shortest = shrink(history)
        let names = shortest.map { String(describing: $0) }
        reportIssue(
          "Invariant violated after \(history.count) intents (seed \(seed)): \(violation)\n"
            + "Shortest failing sequence (\(names.count) intents):\n  "
            + names.joined(separator: "\n  "),
          fileID: fileID, filePath: filePath, line: line, column: column)
        return Report(seed: seed, steps: reduced, violation: violation, counterexample: names)
      }
    }
    return Report(seed: seed, steps: reduced, violation: nil, counterexample: [])
  }

  /// Reduces `intent` and whatever it feeds back synchronously, under the live store's rule
  /// (``FeedbackDrain``: first in, first out); returns how many were reduced, and the warning of
  /// a probable loop past the rule's limit, where the fuzzer stops that sequence.
  private func apply(_ intent: M.Intent, to state: inout M.State) -> (
    reduced: Int, runaway: String?
  ) {
    var queue = [intent]
    var head = 0
    var reduced = 0
    var runaway: String?
    FeedbackDrain.drain(
      next: { () -> M.Intent? in
        guard head < queue.count else { return nil }
        head += 1
        return queue[head - 1]
      },
      isFedBack: { _ in head > 1 },
      reduce: { (next: M.Intent) -> M.Intent? in
        var sends = SyncSends<M.Intent, M.SideEffect>()
        model.reduce(&state, next).interpret(on: &sends)
        queue += sends.intents
        reduced += 1
        return nil
      },
      // The fuzzer must end: past the bound it drops what is queued and reports a violation,
      // where the live store would go on.
      atLimit: { intent in
        head = queue.count
        runaway = FeedbackDrain.boundedLoopWarning(intent)
        return .stop
      })
    return (reduced, runaway)
  }

  private func fails(_ intents: [M.Intent]) -> Bool {
    var state = initialState
    for intent in intents {
      _ = apply(intent, to: &state)
      if invariant(state) != nil { return true }
    }
    return false
  }

  /// Removes chunks, then single intents, as long as the sequence still fails.
  private func shrink(_ intents: [M.Intent]) -> [M.Intent] {
    var current = intents
    var chunk = max(current.count / 2, 1)
    while chunk >= 1 {
      var start = 0
      var removedAny = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, candidate.count))
        if !candidate.isEmpty, fails(candidate) {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }
}

/// The intents an effect sends synchronously, in the store's order: its work is never run, so
/// a concatenation's steps after the first that starts work are never reached.
private struct SyncSends<Intent: Sendable, SideEffect: Sendable>: EffectExecutor {
  var intents: [Intent] = []

  mutating func send(_ intent: Intent) { intents.append(intent) }
  func emit(_ sideEffect: SideEffect) {}
  func warn(_ message: String) {}
  func cancel(_ id: EffectID) {}
  func start(_ work: EffectWork<Intent, SideEffect>, ids: [EffectID]) {}
  func start(_ rest: ArraySlice<Effect<Intent, SideEffect>>, after jobs: [Void], ids: [EffectID]) {}
  func watch(_ presence: Presence) {}
}
