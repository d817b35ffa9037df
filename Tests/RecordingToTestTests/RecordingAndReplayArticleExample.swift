import Foundation
import MVIKit
import MVIKitRecording
import Testing

// The code of MVIKitRecording's article "Recording, Replay and Time Travel", compiled and run
// here: MVIKitTests' ArticleSnippetTestsTestingAndRecording fails when a swift block of the
// article is not found in this file line for line, so change the two together.

/// What the article's code names.
enum RecordingAndReplayArticle {
  /// The README's counter, with types a recording can hold: a `Recorder` exists only for a
  /// model whose state, intents and side effects are `Codable`.
  struct Counter: Model {
    struct State: Codable, Equatable, Sendable {
      var count = 0
      var fact: String?
      var isLoading = false
    }
    enum Intent: Codable, Equatable, Sendable {
      case increment
      case factTapped
      case factLoaded(String)
      case factFailed(String)
    }
    enum SideEffect: Codable, Equatable, Sendable {
      case toast(String)
    }

    var fact: @Sendable (Int) async throws -> String

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .increment:
        state.count += 1
        return .none
      case .factTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factLoaded(try await fact(count)))
        } catch: { error, send in
          await send(.factFailed(String(describing: error)))
        }
      case .factLoaded(let text):
        state.isLoading = false
        state.fact = text
        return .emit(.toast("Loaded"))
      case .factFailed(let message):
        state.isLoading = false
        return .emit(.toast(message))
      }
    }
  }

  /// The file the article shows, as a bug report would bring it: an increment, sent from the
  /// View.
  static let bugReport4211 = """
    {"model":"Counter","mvikit":1,"state":{"count":0,"isLoading":false}}
    {"intent":{"increment":{}},"origin":"view","site":"Counter/CounterView.swift:12","step":1}
    {"changes":[{"path":["count"],"value":1}],"step":1}
    """
}

/// A class, so that the folder that `fixture(_:)` reads from goes with each test's instance.
@MainActor
@Suite(.timeLimit(.minutes(1))) final class RecordingAndReplayArticleTests {
  typealias Counter = RecordingAndReplayArticle.Counter

  /// The bug reports' recordings, written for each test.
  let fixtures: URL

  init() throws {
    fixtures = FileManager.default.temporaryDirectory
      .appending(path: "mvikit-fixtures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    try Data(RecordingAndReplayArticle.bugReport4211.utf8)
      .write(to: fixtures.appending(path: "4211.jsonl"))
  }

  deinit {
    try? FileManager.default.removeItem(at: fixtures)
  }

  /// The recording a bug report brought, by its file's name.
  func fixture(_ name: String) -> URL {
    fixtures.appending(path: name)
  }

  @Test func aSessionIsWrittenAsJSONLines() async throws {
    try await inTemporaryWorkingDirectory {
      let numberFact: @Sendable (Int) async throws -> String = { "\($0) is a number" }
      let recorder = try Recorder<Counter>(to: URL(filePath: "session.jsonl"))
      let store = Store(
        initialState: Counter.State(), model: Counter(fact: numberFact), attaching: [recorder])
      store.send(.increment)
      recorder.stop()
      // The lines the article shows, but for the site, which is this file's.
      let lines = try String(contentsOf: URL(filePath: "session.jsonl"), encoding: .utf8)
        .split(separator: "\n").map(String.init)
      let shown = RecordingAndReplayArticle.bugReport4211.split(separator: "\n").map(String.init)
      #expect(lines.count == 3)
      #expect(lines.first == shown.first)
      #expect(lines.last == shown.last)
    }
  }

  @Test @MainActor func bugReport4211() throws {
    let recording = try Recording<Counter>(contentsOf: fixture("4211.jsonl"))
    _ = try recording.replay(with: Counter(fact: { _ in "" }))
  }

  @Test func aHistoryShowsThePastAndReturnsToLive() {
    let counter = Counter(fact: { "\($0)" })
    let history = StateHistory<Counter>()
    let store = Store(initialState: Counter.State(), model: counter, attaching: [history])
    store.send(.increment)
    history.stepBack()  // the View renders the state before the last change
    history.returnToLive()  // and the live state again
    #expect(history.count == 2)
    #expect(store.count == 1)
    #expect(!store.isShowingPast)
  }

  @Test func aReplaysStatesOpenInAHistory() throws {
    let counter = Counter(fact: { "\($0)" })
    let recording = try Recording<Counter>(contentsOf: fixture("4211.jsonl"))
    let entries = try recording.replay(with: counter)
    let history = StateHistory(entries: entries)
    let store = Store(
      initialState: entries[entries.count - 1].state, model: counter, attaching: [history])
    #expect(history.count == 2)
    #expect(store.count == 1)
  }
}
