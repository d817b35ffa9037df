import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import ShoppingListExample
import Testing

/// A session of the shopping list recorded from a live store with real effects, turned into a
/// test: the tests it makes are the files in `Generated/`, compiled and run in this target.
///
/// After a deliberate change to what the generator writes, run these tests with
/// `MVIKIT_UPDATE_GENERATED=1` to rewrite the files, and read the diff.
@MainActor
@Suite struct RecordedSessionTests {
  @Test func theTestMadeFromARecordingIsTheCheckedInOne() async throws {
    let recording = try await Self.recordSession()
    let source = try recording.testSource(
      named: "recordedShoppingSession", model: "ShoppingList(server: .offline)")
    try Self.expect(source, matches: "RecordedShoppingSession.swift")
    // The checked-in file is that text: it compiles here, and passes as `recordedShoppingSession`.
  }

  @Test func theTestFailsAgainstAChangedReducerNamingTheStepAndThePath() async throws {
    let recording = try await Self.recordSession()
    let source = try recording.testSource(
      named: "recordedShoppingSessionAgainstARegression",
      model: "ShoppingList(server: .offline, keepsDraftAfterAdding: true)")
    // Checked in as a plain function, so that it runs only here, where it is expected to fail.
    try Self.expect(
      source.replacingOccurrences(of: "@Test func", with: "func"),
      matches: "RecordedShoppingSessionAgainstARegression.swift")

    let messages = Locked<[String]>([])
    try await withKnownIssue {
      try await recordedShoppingSessionAgainstARegression()
    } matching: { issue in
      messages.withLock { $0.append(String(describing: issue)) }
      return true
    }
    let first = try #require(messages.withLock { $0.first })
    #expect(first.contains("addTapped (step 2 of the recording)"), "\(first)")
    #expect(first.contains("Differs at: draft"), "\(first)")
  }

  @Test func aRecordedSessionHoldsWhatTheTestNeeds() async throws {
    let recording = try await Self.recordSession()
    #expect(recording.steps.count == 11)
    #expect(recording.steps.map(\.origin).count { $0 == .effect } == 3)
    // The first search was cancelled before it answered: the recording holds only the second.
    #expect(recording.steps[5].intent == .suggested(["bread", "broccoli"], for: "br"))
    #expect(recording.steps[2].sideEffects == [.toast("Added milk")])
  }

  // MARK: - The session

  /// Drives a live store, with a recorder and a server answering in-process, through the
  /// session: an item added, a search typed over a slow first answer, another item, a toggle,
  /// and an add with no title.
  static func recordSession() async throws -> Recording<ShoppingList> {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("shopping-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<ShoppingList>(to: url)
    let ids = ["milk": 1, "bread": 2]
    let server = ShoppingList.Server(
      save: { title in ShoppingList.Item(id: ids[title] ?? 0, title: title) },
      suggest: { query in
        // The first query's answer would come after the second's: it is cancelled instead.
        if query == "b" { try await Task.sleep(for: .seconds(60)) }
        return ["bread", "broccoli", "butter"].filter { $0.hasPrefix(query) }
      })
    let store = Store(
      initialState: ShoppingList.State(), model: ShoppingList(server: server),
      attaching: [recorder])
    store.send(.draftChanged(" milk "))
    store.send(.addTapped)
    try await until { recorder.stepCount == 3 }
    store.send(.queryChanged("b"))
    store.send(.queryChanged("br"))
    try await until { recorder.stepCount == 6 }
    store.send(.draftChanged("bread"))
    store.send(.addTapped)
    try await until { recorder.stepCount == 9 }
    store.send(.boughtToggled(id: 1))
    store.send(.addTapped)
    recorder.stop()
    return try Recording(contentsOf: url)
  }

  static func until(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        throw RecordingError.coding("the session's effects did not answer within 10 s")
      }
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Checks that `source` is the file `name` in `Generated/`; rewrites the file instead with
  /// `MVIKIT_UPDATE_GENERATED=1`.
  static func expect(_ source: String, matches name: String, filePath: String = #filePath) throws {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["MVIKIT_UPDATE_GENERATED"] == "1" {
      try source.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let checkedIn = try String(contentsOf: url, encoding: .utf8)
    #expect(
      source == checkedIn,
      "Generated/\(name) is not what the generator writes now; rerun with MVIKIT_UPDATE_GENERATED=1 if that is intended.\n\(source)"
    )
  }
}
