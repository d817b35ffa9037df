import MVIKit
import MVIKitRecording

/// A model that reduces as the recorded app's model does, with each run of an effect's work
/// replaced by what that run sent in a recording: how a recorded session becomes an
/// exploration of the orders its effects could have answered in.
///
/// ```swift
/// let recording = try Recording<Search>(contentsOf: URL(filePath: "session.jsonl"))
/// let model = try RecordedEffectsModel(Search(client: .unconnected), recording: recording)
/// let explorer = ScheduleExplorer(model: model, initialState: model.initialState)
/// await explorer.explore(model.scenario, finally: model.endsAsRecorded)
/// ```
///
/// A run is known by the intent whose reduce started it: the `n`th reduce of an equal intent,
/// and the run's place among those that reduce started. Whatever the order, the run started
/// there sends, when its work runs, the intents the recorded run sent, in their order. A run the
/// recording has no outputs for (it was cancelled before it sent anything, or it started only
/// in the new order) sends nothing; a run that only the new order starts marks the state
/// (``State/startedUnrecordedRun``), as what it would have sent is unknown, and an exploration
/// of the recording leaves that order out. Sends, emits, cancellations and the order of a
/// concatenation are the model's own, as in the app.
///
/// Recordings made since MVIKit 0.3 (by a `Recorder` or the inspector) say which run sent
/// each intent; an older one cannot be explored, and the initializer says so.
public struct RecordedEffectsModel<M: Model>: Model
where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
  /// The app's state, and how many times each intent has been reduced, which tells the runs
  /// apart.
  public struct State: Sendable {
    /// The app's own state.
    public var app: M.State
    var reductions: [String: Int] = [:]
    /// Whether a run started that the recording never saw start: what it would have sent is
    /// unknown, so the rest of this order cannot be told from the recording.
    public internal(set) var startedUnrecordedRun = false
  }

  /// The recorded app's intents.
  public typealias Intent = M.Intent
  /// The recorded app's side effects.
  public typealias SideEffect = M.SideEffect

  /// A run as the recording and the exploration both know it.
  struct RunKey: Hashable, Sendable {
    /// The intent whose reduce started it, as JSON text.
    var intent: String
    /// How many equal intents were reduced before that one.
    var occurrence: Int
    /// The run's place among the runs that reduce started.
    var ordinal: Int
  }

  let model: M
  let outputs: [RunKey: [M.Intent]]
  /// Every run the recording saw start, whether it sent anything or not.
  let recordedRuns: Set<RunKey>
  /// The recorded state after the last step, as JSON: what the user saw last.
  let finalTree: JSONValue
  /// For each intent of ``scenario``: whether its step changed the state in the recording.
  let viewIntentChanged: [Bool]
  /// How the app's states compare, looked up once.
  let appEquality = Equality<M.State>()

  /// The state the recording began with.
  public let initialState: State
  /// The intents the View sent, in order: the scenario to explore.
  public let scenario: [M.Intent]

  /// Reduces with `model`, each effect's work standing in from `recording`. The model's
  /// dependencies are never called.
  ///
  /// - Throws: `RecordingError.coding(_:)` when effects sent intents but the recording names
  ///   no run (one made before MVIKit 0.3), or an intent does not encode.
  public init(_ model: M, recording: Recording<M>) throws(RecordingError) {
    self.model = model
    initialState = State(app: recording.initialState)
    scenario = recording.steps.filter { $0.origin == .view }.map(\.intent)
    finalTree = recording.finalTree
    var before = recording.initialTree
    var changed: [Bool] = []
    for step in recording.steps {
      if step.origin == .view { changed.append(step.state != before) }
      before = step.state
    }
    viewIntentChanged = changed
    let runsKnown = recording.steps.contains { $0.run != nil || !$0.startedRuns.isEmpty }
    if !runsKnown, recording.steps.contains(where: { $0.origin == .effect }) {
      throw .coding(
        "the recording names no effect run: it was made before MVIKit 0.3, which does not say "
          + "which run sent each intent, or its effects did no asynchronous work, and then "
          + "there is no other order to explore")
    }
    var keys: [Int: RunKey] = [:]
    var reductions: [String: Int] = [:]
    for step in recording.steps {
      let text = try Self.key(step.intent)
      let occurrence = reductions[text, default: 0]
      reductions[text] = occurrence + 1
      for (ordinal, run) in step.startedRuns.enumerated() {
        keys[run] = RunKey(intent: text, occurrence: occurrence, ordinal: ordinal)
      }
    }
    recordedRuns = Set(keys.values)
    var outputs: [RunKey: [M.Intent]] = [:]
    for step in recording.steps {
      guard let run = step.run, let key = keys[run] else { continue }
      outputs[key, default: []].append(step.intent)
    }
    self.outputs = outputs
  }

  /// Reduces as the app's model does, and counts the intent; each run of the effect it
  /// returns sends what the recorded run started at the same place sent.
  public func reduce(_ state: inout State, _ intent: M.Intent) -> Effect<M.Intent, M.SideEffect> {
    let text = (try? Self.key(intent)) ?? String(describing: intent)
    let occurrence = state.reductions[text, default: 0]
    state.reductions[text] = occurrence + 1
    let effect = model.reduce(&state.app, intent)
    var ordinal = 0
    var startsUnrecordedRun = false
    // Each run of the effect, in the order the store starts them, takes the next place (the
    // map is made at once: every key is known before the reduce returns). Its children are
    // watched in the app's state, inside this model's, so that a row's work ends with the
    // row, as in the app.
    let recorded = effect.replacingWork(
      { _ in
        let key = RunKey(intent: text, occurrence: occurrence, ordinal: ordinal)
        if !recordedRuns.contains(key) { startsUnrecordedRun = true }
        let sent = outputs[key] ?? []
        ordinal += 1
        return { send in
          for intent in sent { await send(intent) }
        }
      },
      state: { ($0 as? State)?.app })
    if startsUnrecordedRun { state.startedUnrecordedRun = true }
    return recorded
  }

  /// The rule that a View intent acts on what the View showed: whether the View's intent
  /// `index` of the ``scenario``, whose step changed the state in the recording, did nothing
  /// in an explored order (the state `before` its step is `after` it, or the intent was
  /// `dropped` as sent to a child not there). No user could have made that order: the user
  /// acted on something the View showed, which in that order was not there yet (a toggle of
  /// an item by id before the answer that brought the item). An exploration of a recording
  /// leaves such an order out and counts it.
  public func viewIntentActedOnNothing(
    _ index: Int, before: State, after: State, dropped: Bool
  ) -> Bool {
    guard viewIntentChanged.indices.contains(index), viewIntentChanged[index] else { return false }
    if dropped { return true }
    if appEquality.isEquatable { return appEquality.areEqual(before.app, after.app) }
    // A state that is not `Equatable` compares as it encodes, as the recording does.
    return (try? JSONValue(encoding: before.app)) == (try? JSONValue(encoding: after.app))
  }

  /// The members (by their names at the state's top) in which `state` ends otherwise than
  /// the user saw, save for those in `ignored`: how a report keeps a failure for each.
  public func differingMembers(ignoring ignored: Set<String> = []) -> @Sendable (State) -> [String]
  {
    { [finalTree] state in
      guard let tree = try? JSONValue(encoding: state.app) else { return [] }
      let members = StateChange.changes(from: finalTree, to: tree).compactMap { change in
        Self.isIgnored(change.pathText, ignored) ? nil : change.path.first.map(Self.name)
      }
      return Array(Set(members)).sorted()
    }
  }

  private static func name(_ key: StateChange.Key) -> String {
    switch key {
    case .field(let name): name
    case .index(let index): "[\(index)]"
    }
  }

  private static func isIgnored(_ path: String, _ ignored: Set<String>) -> Bool {
    ignored.contains { member in
      path == member || path.hasPrefix(member + ".") || path.hasPrefix(member + "[")
    }
  }

  /// Sets `explorer` to explore a recording as every exploration of one does (the page's,
  /// `Recording.explore`, and the test made from it): orders no user could make and orders
  /// the recording cannot tell are left out, and the report keeps a failure for each member
  /// that ends otherwise (save for `ignored`).
  @MainActor
  package func configure(
    _ explorer: inout ScheduleExplorer<Self>, ignoring ignored: Set<String> = []
  ) {
    explorer.viewIntentActedOnNothing = { index, before, after, dropped in
      viewIntentActedOnNothing(index, before: before, after: after, dropped: dropped)
    }
    explorer.leavesOut = { $0.startedUnrecordedRun }
    explorer.differingMembers = differingMembers(ignoring: ignored)
  }

  /// A final check for an exploration: nil when the app ends in the state the user saw at the
  /// end of the recording, else the members that differ. Secrets compare as recorded: redacted.
  public var endsAsRecorded: @Sendable (State) -> String? { endsAsRecorded(ignoring: []) }

  /// ``endsAsRecorded``, save for the members named in `ignored` (as a report names them:
  /// `screen.selection`), and what is inside them: state that follows the timing of the user's
  /// keys, such as a highlight, rather than what the app did.
  public func endsAsRecorded(ignoring ignored: Set<String>) -> @Sendable (State) -> String? {
    { [finalTree] state in
      guard let tree = try? JSONValue(encoding: state.app) else {
        return "the state does not encode, so it cannot be compared with the recording"
      }
      let changes = StateChange.changes(from: finalTree, to: tree).filter { change in
        !Self.isIgnored(change.pathText, ignored)
      }
      guard !changes.isEmpty else { return nil }
      let shown = changes.prefix(5).map(\.description).joined(separator: "; ")
      return "ends in another state than the user saw: \(shown)"
        + (changes.count > 5 ? "; and \(changes.count - 5) more" : "")
    }
  }

  /// An intent as the key of the runs its reduce starts: its JSON, keys sorted.
  static func key(_ intent: M.Intent) throws(RecordingError) -> String {
    String(decoding: try JSONValue(encoding: intent).jsonText, as: UTF8.self)
  }
}

extension RecordedEffectsModel.State: Equatable where M.State: Equatable {}
extension RecordedEffectsModel.State: Hashable where M.State: Hashable {}

extension RecordedEffectsModel.State: CustomStringConvertible {
  /// The app's state as it prints: what an exploration's report shows after each step.
  public var description: String { String(describing: app) }
}
