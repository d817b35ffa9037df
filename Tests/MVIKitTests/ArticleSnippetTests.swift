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

  @Test func viperArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitPatterns/MVIKitPatterns.docc/VIPER.md",
      against: ["Tests/MVIKitTests/VIPERArticleExample.swift"])
    // The entity and interactor, the presenter, the view controller, the router, the app's
    // start, the router of a module inside an app, and the presenter's test.
    #expect(checked == 7)
  }

  @Test func inputOutputArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitPatterns/MVIKitPatterns.docc/InputOutput.md",
      against: ["Tests/MVIKitTests/InputOutputArticleExample.swift"])
    // The model, the input and output, the view model, the transform, the side effects and
    // the two tests.
    #expect(checked == 6)
  }

  @Test func navigationArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKitNavigation/MVIKitNavigation.docc/Navigation.md",
      // Where a test can import the terminal, for its stack and alert.
      against: ["Tests/MVIKitTerminalTests/NavigationArticleExample.swift"])
    // The browser and its terminal view; the SwiftUI view imports SwiftUI.
    #expect(checked == 2)
  }

  @Test func gettingStartedCounterArticleBlocksAreCompiledCode() throws {
    // In MVIKitPersistenceTests: the article extends its own `Counter` at file scope, which
    // this module's `Counter` (CounterExample's) forbids, and keeps the count with
    // MVIKitPersistence.
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/GettingStarted.md",
      against: ["Tests/MVIKitPersistenceTests/GettingStartedCounterArticleExample.swift"])
    // The model, its reducer, the store, the awaited send, the side effects' task, the
    // persisted state and its store, and the test.
    #expect(checked == 8)
  }

  @Test func observationAndSwiftUIArticleBlocksAreCompiledCode() throws {
    let checked = try DocumentedCode.check(
      "Sources/MVIKit/MVIKit.docc/ObservationAndSwiftUI.md",
      against: ["Tests/MVIKitTests/ObservationAndSwiftUIArticleExample.swift"])
    // The tracked reads and the UIKit view controller; the SwiftUI views import SwiftUI.
    #expect(checked == 2)
  }
}
