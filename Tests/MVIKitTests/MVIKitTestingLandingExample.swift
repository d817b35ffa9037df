import MVIKit
import MVIKitTesting
import Testing

// The code of MVIKitTesting's landing page, compiled and run here: ArticleSnippetTests-
// TestingAndRecording fails when its swift block is not found in this file line for line, so
// change the two together. Its `Counter` is the module's, CounterExample's (see Fixtures.swift).

/// The landing page's test, as it is written there, in a namespace of its own.
enum MVIKitTestingLanding {
  @Suite(.timeLimit(.minutes(1))) struct Tests {
    @MainActor
    @Test func factFlow() async {
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
  }
}
