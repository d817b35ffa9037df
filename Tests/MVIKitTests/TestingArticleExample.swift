import MVIKit
import MVIKitTesting
import Testing

// The code of the Testing article, compiled and run here: ArticleSnippetTests fails when a
// swift block of the article is not found in this file line for line, so change the two
// together. Its `Counter` is the module's, CounterExample's (see Fixtures.swift), as the
// README's.

/// The article's two tests, as they are written there.
@Suite(.timeLimit(.minutes(1))) struct TestingArticleTests {
  @MainActor
  @Test func incrementing() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }

  @MainActor
  @Test func loadsAFact() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is a number" }))
    await store.send(.factTapped).finish()
    #expect(store.fact == "0 is a number")
  }
}
