import Testing

/// The articles' Swift code kept identical to code this package compiles and runs, by the rule
/// of ``DocumentedCode``, as ReadmeTests keeps the README's.
@Suite(.timeLimit(.minutes(1))) struct ArticleSnippetTests {
  @Test func effectsArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/Effects.md",
      against: ["Tests/MVIKitTests/EffectsArticleExample.swift"])
    // Reset, order, observer, toast, fact, merge and concatenate, the cancel ids and their
    // use, the cascade, debounce, the throttle's state, reduce and test, the search model and
    // the child's effect.
    #expect(checked == 15)
  }

  @Test func deliveringSideEffectsArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/DeliveringSideEffects.md",
      against: ["Tests/MVIKitTests/DeliveringSideEffectsArticleExample.swift"])
    // The side effect type, the emit, and the SwiftUI and UIKit loops, which the example runs
    // with stand-ins for the two frameworks.
    #expect(checked == 4)
  }

  @Test func compositionArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/Composition.md",
      against: [
        "Tests/MVIKitTests/CompositionArticleExample.swift",
        // The terminal's text field, where a test can import the terminal.
        "Tests/MVIKitTerminalTests/CompositionArticleBindingExample.swift",
      ])
    // The board, its scoped stores, the screen enum, the draft and inbox, and the terminal
    // binding; the SwiftUI binding imports SwiftUI.
    #expect(checked == 5)
  }

  @Test func testingArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/Testing.md",
      against: ["Tests/MVIKitTests/TestingArticleExample.swift"])
    // The test store's test and the live store's.
    #expect(checked == 2)
  }

  @Test func findingOrderingBugsArticleBlocksAreCompiledCode() throws {
    // In RecordingToTestTests, whose module has no `SearchField` of its own to clash with.
    let checked = try DocumentedCode.check(
      "Sources/MVIKitTesting/MVIKitTesting.docc/FindingOrderingBugs.md",
      against: ["Tests/RecordingToTestTests/FindingOrderingBugsArticleExample.swift"])
    // The overview's exploration, the stale response and its fix, the four other bugs, the
    // known-issue test, the helper and the replay; the report is not Swift.
    #expect(checked == 10)
  }
}
