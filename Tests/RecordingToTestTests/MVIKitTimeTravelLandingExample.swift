import MVIKit
import MVIKitRecording
import Testing

// The code of MVIKitTimeTravel's landing page, compiled and run here (MVIKitRecording
// re-exports MVIKitTimeTravel): MVIKitTests' ArticleSnippetTestsTestingAndRecording fails when
// its swift block is not found in this file line for line, so change the two together.

/// What the landing page's code names.
enum MVIKitTimeTravelLanding {
  /// A counter with no dependency, made with `Counter()` as the page makes it.
  struct Counter: Model {
    struct State: Equatable, Sendable {
      var count = 0
    }
    enum Intent: Equatable, Sendable {
      case increment
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .increment:
        state.count += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct MVIKitTimeTravelLandingTests {
  typealias Counter = MVIKitTimeTravelLanding.Counter

  @Test func theHistoryShowsThePastAndReturnsToLive() {
    let history = StateHistory<Counter>()
    let store = Store(initialState: .init(), model: Counter(), attaching: [history])
    store.send(.increment)
    history.show(history.count - 2)  // the View renders the state before the last change
    history.returnToLive()  // and the live state again
    #expect(history.count == 2)
    #expect(store.count == 1)
    #expect(!store.isShowingPast)
  }
}
