import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import ShoppingListExample
import Testing

/// A recorded session becomes an exploration: the View's intents in every order with the
/// effects' recorded answers.
@MainActor
struct RecordingExplorationTests {
  /// Records a session in which each answer came before the next keystroke: the user saw the
  /// right results, whether or not the model would have handled a late answer.
  static func record(fixed: Bool) async throws -> Recording<Lookup> {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lookup-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Lookup>(to: url)
    let store = Store(
      initialState: Lookup.State(),
      model: Lookup(search: { ["results for \($0)"] }, cancelsStaleRequests: fixed),
      attaching: [recorder])
    await store.send(.queryChanged("a")).finish()
    await store.send(.queryChanged("ab")).finish()
    recorder.stop()
    return try Recording(contentsOf: url)
  }

  /// A model whose dependency must not be called: the recording stands in for it.
  static func unconnected(fixed: Bool) -> Lookup {
    Lookup(
      search: { query in
        Issue.record("the search for \(query) ran: a recorded effect's work must not")
        return []
      }, cancelsStaleRequests: fixed)
  }

  @Test func theRecordingSaysWhichRunSentEachIntentAndWhichStepStartedIt() async throws {
    let recording = try await Self.record(fixed: false)
    #expect(recording.steps.map(\.origin) == [.view, .effect, .view, .effect])
    #expect(recording.steps[0].startedRuns.count == 1)
    #expect(recording.steps[1].run == recording.steps[0].startedRuns.first)
    #expect(recording.steps[3].run == recording.steps[2].startedRuns.first)
    #expect(recording.steps[1].run != recording.steps[3].run)
  }

  @Test func anOrderTheUserDidNotSeeIsFoundWithItsScheduleAndATest() async throws {
    let recording = try await Self.record(fixed: false)
    var report: ExplorationReport?
    await withKnownIssue {
      report = try await recording.explore(with: Self.unconnected(fixed: false))
    }
    let failure = try #require(report?.failure)
    #expect(failure.kind == .orderingBug)
    #expect(failure.message.contains("ends in another state than the user saw"))
    #expect(failure.message.contains("results[0]"))
    // The late answer for "a" lands after the one for "ab".
    #expect(failure.steps.last?.label.contains("results for a") == true)
    // The schedule replays on an explorer of the same recorded model.
    let model = try RecordedEffectsModel(Self.unconnected(fixed: false), recording: recording)
    await withKnownIssue {
      let replayed = await ScheduleExplorer(model: model, initialState: model.initialState)
        .replay(model.scenario, schedule: failure.schedule, finally: model.endsAsRecorded)
      #expect(replayed.failure?.schedule == failure.schedule)
    }
    let source = try recording.explorationTestSource(named: "searchOrders", failure: failure)
    #expect(source.contains("@Test func searchOrders() async throws {"))
    #expect(source.contains("// Shortest failing schedule: \"\(failure.schedule)\""))
    #expect(source.contains("try await recording.explore(with: Lookup())"))
    // The test carries the recording: its lines, unchanged, inside a raw string.
    let text = String(decoding: recording.data, as: UTF8.self)
    for line in text.split(separator: "\n") { #expect(source.contains("      " + line)) }
  }

  @Test func theTestMadeFromAnExplorationIsTheCheckedInOne() async throws {
    let recording = try await Self.record(fixed: false)
    var report: ExplorationReport?
    await withKnownIssue {
      report = try await recording.explore(with: Self.unconnected(fixed: false))
    }
    let unconnected = "Lookup(search: { _ in [] }"
    try RecordedSessionTests.expect(
      try recording.explorationTestSource(
        named: "exploredLookup", model: unconnected + ", cancelsStaleRequests: true)",
        failure: report?.failure),
      matches: "ExploredLookup.swift")
    // With the bug, checked in as a plain function so that it runs only here, where it fails.
    try RecordedSessionTests.expect(
      try recording.explorationTestSource(
        named: "exploredLookupWithTheBug", model: unconnected + ")", failure: report?.failure
      ).replacingOccurrences(of: "@Test func", with: "func"),
      matches: "ExploredLookupWithTheBug.swift")
    await withKnownIssue {
      try await exploredLookupWithTheBug()
    }
  }

  @Test func theFixedModelEndsAsTheUserSawInEveryOrder() async throws {
    let recording = try await Self.record(fixed: true)
    let report = try await recording.explore(with: Self.unconnected(fixed: true))
    #expect(report.failure == nil)
    #expect(report.isExhaustive && report.schedules > 1)
  }

  @Test func anAuthorsCheckIsExploredToo() async throws {
    let recording = try await Self.record(fixed: false)
    await withKnownIssue {
      let report = try? await recording.explore(
        with: Self.unconnected(fixed: false),
        invariant: { state in
          state.results.isEmpty || state.results == ["results for \(state.query)"]
            ? nil : "shows results for another query"
        })
      #expect(report?.failure?.message.contains("shows results for another query") == true)
    }
  }

  @Test func aRecordingThatNamesNoRunIsRefusedWithTheReason() throws {
    // An old recording: an effect's answer, without the run that sent it.
    let old = """
      {"model":"Lookup","mvikit":1,"state":{"query":"","results":[]}}
      {"intent":{"queryChanged":{"_0":"a"}},"origin":"view","step":1}
      {"changes":[{"path":["query"],"value":"a"}],"step":1}
      {"intent":{"resultsLoaded":{"_0":["results for a"]}},"origin":"effect","step":2}
      """
    let recording = try Recording<Lookup>(data: Data(old.utf8))
    #expect(throws: RecordingError.self) {
      _ = try RecordedEffectsModel(Self.unconnected(fixed: false), recording: recording)
    }
  }
}
