import Clocks
import MVIKit
import MVIKitTesting
import Testing

// The code of MVIKitTesting's article "Testing Models Exhaustively", compiled and run here:
// ArticleSnippetTestsTestingAndRecording fails when a swift block of the article is not found
// in this file line for line, so change the two together. Its `Counter` is the module's,
// CounterExample's (see Fixtures.swift), as the README's.

/// What the article's code names beside the counter: the `Search` model of the Effects article,
/// which the article says it uses.
enum TestingModelsArticle {
  typealias Search = EffectsArticle.Search
}

@Suite(.timeLimit(.minutes(1))) struct TestingModelsArticleTests {
  typealias Search = TestingModelsArticle.Search

  @MainActor
  @Test func eachSendDescribesTheChange() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))

    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @MainActor
  @Test func whatAnEffectSendsAndEmitsIsReceived() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factLoaded("1 is odd")) {
      $0.isLoading = false
      $0.fact = "1 is odd"
    }
    await store.receiveSideEffect(.toast("Loaded"))
    await store.finish()
  }

  @MainActor
  @Test func aNonExhaustiveTestChecksOnlyWhatItSays() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
    store.exhaustivity = .off

    await store.send(.increment)
    await store.send(.factTapped)
    await store.receive(.factLoaded("1 is odd")) { $0.fact = "1 is odd" }
    await store.finish()
  }

  @MainActor
  @Test func searchWaitsForTheUserToStopTyping() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(),
      model: Search(search: { query in ["\(query) result"] }, clock: clock)
    )

    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))

    await store.receive(.resultsLoaded(["swift result"])) { $0.results = ["swift result"] }
    await store.finish()
  }

  @MainActor
  @Test func aWrongCountIsReported() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))

    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("count: 2") && issue.description.contains("count: 1")
    }
  }

  @Test func countNeverGoesNegative() {
    let report = IntentFuzzer(
      model: Counter(fact: { "\($0)" }),
      initialState: Counter.State(),
      generate: { random in
        Bool.random(using: &random) ? .increment : .factFailed("offline")
      },
      invariant: { state in state.count >= 0 ? nil : "count is negative" }
    )
    .run(steps: 10_000, seed: 2024)
    #expect(report.violation == nil)
  }
}
