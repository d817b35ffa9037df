import Testing

/// The Swift code of the testing, recording, time-travel and inspector articles kept identical
/// to code this package compiles and runs, by the rule of ``DocumentedCode``. Their companions
/// live in the test targets that can import what each article's code needs; this target reads
/// them by path.
@Suite(.timeLimit(.minutes(1))) struct ArticleSnippetTestsTestingAndRecording {
  @Test func testingModelsExhaustivelyArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTesting/MVIKitTesting.docc/Testing.md",
      against: ["Tests/MVIKitTests/TestingModelsArticleExample.swift"])
    // Two increments, the fact received, its toast, finish, the non-exhaustive test, the
    // debounced search, the known issue and the fuzzer; the diff is not Swift.
    #expect(checked == 8)
  }

  @Test func mvikitTestingLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTesting/MVIKitTesting.docc/MVIKitTesting.md",
      against: ["Tests/MVIKitTests/MVIKitTestingLandingExample.swift"])
    // The fact flow's test.
    #expect(checked == 1)
  }

  @Test func fromARecordingToATestArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTesting/MVIKitTesting.docc/FromARecordingToATest.md",
      against: [
        "Tests/RecordingToTestTests/FromARecordingArticleExample.swift",
        // The change inside a screen of a navigation stack, where a test can import
        // MVIKitNavigation.
        "Tests/MVIKitTests/FromARecordingArticleStackExample.swift",
      ])
    // The test source printed from a file, the generated test, the change in a screen's case,
    // the exploration of a file and the one that leaves the highlight out; the failure and the
    // report are not Swift.
    #expect(checked == 5)
  }

  @Test func recordingAndReplayArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitRecording/MVIKitRecording.docc/RecordingAndReplay.md",
      against: ["Tests/RecordingToTestTests/RecordingAndReplayArticleExample.swift"])
    // The recorder, the bug report's replay, the history and a replay's history; the file and
    // the divergence are not Swift.
    #expect(checked == 4)
  }

  @Test func mvikitRecordingLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitRecording/MVIKitRecording.docc/MVIKitRecording.md",
      against: ["Tests/RecordingToTestTests/MVIKitRecordingLandingExample.swift"])
    // The history and the recorder attached to one store.
    #expect(checked == 1)
  }

  @Test func mvikitTimeTravelLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTimeTravel/MVIKitTimeTravel.docc/MVIKitTimeTravel.md",
      against: ["Tests/RecordingToTestTests/MVIKitTimeTravelLandingExample.swift"])
    // The history shown back and returned to live.
    #expect(checked == 1)
  }

  @Test func inspectingARunningAppArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitInspector/MVIKitInspector.docc/InspectingARunningApp.md",
      against: ["Tests/MVIKitInspectorTests/InspectingARunningAppArticleExample.swift"])
    // The attach, the copied test's model and the privacy; the make command is not Swift.
    #expect(checked == 3)
  }

  @Test func mvikitInspectorLandingPageBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitInspector/MVIKitInspector.docc/MVIKitInspector.md",
      against: ["Tests/MVIKitInspectorTests/MVIKitInspectorLandingExample.swift"])
    // The attach.
    #expect(checked == 1)
  }
}
