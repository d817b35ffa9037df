import Foundation
import MVIKit
import MVIKitRecording
import Testing

@MainActor
@Suite struct RecordingTests {
  /// Records a session with view intents, an effect's intent, side effects, an optional
  /// member set and cleared, and an array that grows and shrinks.
  private func recordSession(to url: URL) async throws -> Ledger.State {
    let recorder = try Recorder<Ledger>(to: url)
    let store = Store(initialState: Ledger.State(), model: Ledger(), attaching: [recorder])
    store.send(.added(Ledger.Entry(title: "rent", amount: 900)))
    store.send(.added(Ledger.Entry(title: "tea", amount: 4)))
    store.send(.noted("march"))
    store.send(.removedLast)
    store.send(.pinTyped(Secret("8841")))
    await store.send(.unlockTapped).finish()
    store.send(.noted(nil))
    #expect(recorder.stepCount == 8)
    #expect(recorder.failure == nil)
    return store.state
  }

  @Test func replayReproducesEveryRecordedState() async throws {
    let url = temporaryFile("session.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let final = try await recordSession(to: url)

    let recording = try Recording<Ledger>(contentsOf: url)
    #expect(recording.steps.count == 8)
    #expect(recording.skippedTornLine == false)
    #expect(
      recording.steps.map(\.origin) == [.view, .view, .view, .view, .view, .view, .effect, .view])
    #expect(recording.steps[6].intent == .unlockChecked(true))
    #expect(recording.steps[3].sideEffects == [.toast("Removed tea")])
    #expect(recording.steps[6].sideEffects == [.toast("Unlocked")])

    let replayed = try #require(recording.replay(with: Ledger()).last).state
    // The PIN was recorded redacted, so the replay holds the placeholder; all else is equal.
    var expected = final
    expected.pin = Secret(String.redactedPlaceholder)
    #expect(replayed == expected)
    #expect(replayed.entries == [Ledger.Entry(title: "rent", amount: 900)])
  }

  /// Each View intent keeps the file and line it was sent from; an effect's intent, and one
  /// sent through `store.send` as a function value, have none. A file without sites reads.
  @Test func eachViewIntentKeepsWhereItWasSentFrom() async throws {
    let url = temporaryFile("sites.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Ledger>(to: url)
    let store = Store(initialState: Ledger.State(), model: Ledger(), attaching: [recorder])
    let notedLine = #line + 1
    store.send(.noted("march"))
    let unlockLine = #line + 1
    await store.send(.unlockTapped).finish()
    let send: (Ledger.Intent) -> StoreTask = store.send
    _ = send(.removedLast)
    recorder.stop()

    let file = "MVIKitRecordingTests/RecordingTests.swift"
    let recording = try Recording<Ledger>(contentsOf: url)
    #expect(
      recording.steps.map(\.site) == ["\(file):\(notedLine)", "\(file):\(unlockLine)", nil, nil])
    #expect(recording.steps.map(\.origin) == [.view, .view, .effect, .view])

    let withoutSites = Data(
      String(decoding: try Data(contentsOf: url), as: UTF8.self)
        .replacingOccurrences(of: #","site":"[^"]*""#, with: "", options: .regularExpression)
        .utf8)
    try withoutSites.write(to: url)
    let older = try Recording<Ledger>(contentsOf: url)
    #expect(older.steps.map(\.site) == [nil, nil, nil, nil])
    #expect(older.steps.map(\.intent) == recording.steps.map(\.intent))
  }

  @Test func replayedHistoryStepsThroughEveryRecordedState() async throws {
    let url = temporaryFile("long.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Tick>(to: url)
    let store = Store(initialState: Tick.State(), model: Tick(), attaching: [recorder])
    for _ in 0..<2_175 { store.send(.increment) }
    recorder.stop()

    let entries = try Recording<Tick>(contentsOf: url).replay(with: Tick())
    // More steps than a history keeps by default: a replay keeps all of them.
    let history = StateHistory(entries: entries)
    let replayed = Store(
      initialState: entries[entries.count - 1].state, model: Tick(), attaching: [history])
    #expect(history.count == 2_176)
    history.show(0)
    #expect(replayed.count == 0)
    history.returnToLive()
    replayed.send(.increment)
    #expect(history.count == 2_177)
    #expect(replayed.count == 2_176)
  }

  @Test func escapedTextAndExtremeNumbersReplayExactly() async throws {
    let url = temporaryFile("escapes.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Ledger>(to: url)
    let store = Store(initialState: Ledger.State(), model: Ledger(), attaching: [recorder])
    let note = "say \"hi\"\n\t🚀 \u{1} \\ / é 👩‍👩‍👧 \u{10FFFF}"
    store.send(.noted(note))
    store.send(.added(Ledger.Entry(title: "ü", amount: Int.min + 1)))
    store.send(.added(Ledger.Entry(title: "", amount: Int.max)))
    let recording = try Recording<Ledger>(contentsOf: url)
    #expect(recording.steps.map(\.intent).first == .noted(note))
    let replayed = try #require(recording.replay(with: Ledger()).last).state
    #expect(replayed.note == note)
    #expect(replayed.entries.map(\.amount) == [Int.min + 1, Int.max])
  }

  @Test func secretsNeverReachTheFile() async throws {
    let url = temporaryFile("secret.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordSession(to: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(!text.contains("8841"))
    #expect(text.contains("Secret(••••)"))
  }

  @Test func tornLastLineIsSkipped() async throws {
    let url = temporaryFile("torn.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordSession(to: url)
    var data = try Data(contentsOf: url)
    data.append(Data(#"{"intent":{"added":{"_0":{"amount":3,"ti"#.utf8))
    try data.write(to: url)

    let recording = try Recording<Ledger>(contentsOf: url)
    #expect(recording.skippedTornLine)
    #expect(recording.steps.count == 8)
    #expect(try recording.replay(with: Ledger()).count == 9)
  }

  @Test func corruptLineBeforeTheEndIsAnError() async throws {
    let url = temporaryFile("corrupt.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordSession(to: url)
    var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    lines[2] = "not json"
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    #expect {
      try Recording<Ledger>(contentsOf: url)
    } throws: { error in
      guard case .corruptLine(let number, _) = error as? RecordingError else { return false }
      return number == 3
    }
  }

  @Test func missingFileAndOtherModelAreClearErrors() async throws {
    let missing = temporaryFile("missing.jsonl")
    #expect {
      try Recording<Ledger>(contentsOf: missing)
    } throws: { error in
      guard case .file(let path, _) = error as? RecordingError else { return false }
      return path == missing.path
    }
    let url = temporaryFile("counter.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordSession(to: url)
    #expect(throws: RecordingError.wrongModel(recorded: "Ledger", expected: "Tick")) {
      try Recording<Tick>(contentsOf: url)
    }
    #expect(throws: RecordingError.notARecording(path: "x")) {
      try Recording<Ledger>(data: Data("\n".utf8), path: "x")
    }
  }

  @Test func divergentReplayFailsWithTheDifference() async throws {
    let url = temporaryFile("diverge.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    _ = try await recordSession(to: url)
    let recording = try Recording<Ledger>(contentsOf: url)
    #expect {
      try recording.replay(with: Ledger(weight: 2))
    } throws: { error in
      guard let divergence = error as? ReplayDivergence else { return false }
      return divergence.step == 1 && divergence.origin == .view
        && divergence.differences == ["total: recorded 900, replayed 1800"]
        && divergence.description.hasPrefix(
          "replay diverged at step 1 of 8, after the view's intent")
    }
  }

  @Test func aFileThatCannotBeCreatedIsAClearError() {
    let url = temporaryFile("no-such-folder/session.jsonl")
    #expect(throws: RecordingError.file(path: url.path, reason: "could not be created")) {
      try Recorder<Ledger>(to: url)
    }
  }

  @Test func stoppedRecorderWritesNothingMore() async throws {
    let url = temporaryFile("stop.jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Ledger>(to: url)
    let store = Store(initialState: Ledger.State(), model: Ledger(), attaching: [recorder])
    store.send(.noted("a"))
    recorder.stop()
    store.send(.noted("b"))
    let recording = try Recording<Ledger>(contentsOf: url)
    #expect(recording.steps.map(\.intent) == [.noted("a")])
  }
}

/// A second recordable model, to read a recording as the wrong one.
struct Tick: Model {
  struct State: Codable, Equatable, Sendable { var count = 0 }
  enum Intent: Codable, Equatable, Sendable { case increment }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.count += 1
    return .none
  }
}
