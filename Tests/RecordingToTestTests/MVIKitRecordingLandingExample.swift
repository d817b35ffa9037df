import Foundation
import MVIKit
import MVIKitRecording
import Testing

// The code of MVIKitRecording's landing page, compiled and run here: MVIKitTests'
// ArticleSnippetTestsTestingAndRecording fails when its swift block is not found in this file
// line for line, so change the two together.

/// What the landing page's code names: the counter of the article "Recording, Replay and Time
/// Travel", whose types a recording can hold.
enum MVIKitRecordingLanding {
  typealias Counter = RecordingAndReplayArticle.Counter
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct MVIKitRecordingLandingTests {
  typealias Counter = MVIKitRecordingLanding.Counter

  @Test func aHistoryAndARecorderAttachToTheRootStore() async throws {
    try await inTemporaryWorkingDirectory {
      let numberFact: @Sendable (Int) async throws -> String = { "\($0) is a number" }
      let history = StateHistory<Counter>()
      let recorder = try Recorder<Counter>(to: URL(filePath: "session.jsonl"))
      let store = Store(
        initialState: Counter.State(), model: Counter(fact: numberFact),
        attaching: [history, recorder])
      store.send(.increment)
      recorder.stop()
      #expect(history.count == 2)
      let recording = try Recording<Counter>(contentsOf: URL(filePath: "session.jsonl"))
      #expect(recording.steps.map(\.intent) == [.increment])
    }
  }
}
