import Clocks
import MVIKit
import MVIKitTesting
import Testing

@MainActor
@Suite struct TestStoreTests {
  func makeStore() -> TestStore<Counter> {
    TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
  }

  @Test func readmeFlowPasses() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factLoaded("1 is odd")) {
      $0.isLoading = false
      $0.fact = "1 is odd"
    }
    await store.receiveSideEffect(.toast("Loaded"))
    await store.finish()
  }

  @Test func wrongAssertionFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("count: 2") && issue.description.contains("count: 1")
    }
  }

  @Test func unassertedStateChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("not what the test expected")
    }
  }

  @Test func unreceivedIntentFailsAtFinish() async {
    let store = makeStore()
    await store.send(.factTapped) { $0.isLoading = true }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("factLoaded")
    }
  }

  @Test func sendingBeforeReceivingFails() async {
    let store = TestStore(initialState: Lab.State(), model: Lab())
    await store.send(.merged)  // feeds back .record("a") and emits .said("b") synchronously
    await withKnownIssue {
      await store.send(.stop)
    } matching: { issue in
      issue.description.contains("Must handle what effects produced")
        && issue.description.contains("record(\"a\")")
    }
    #expect(store.state.log == ["a"])  // the skipped intent was still reduced
  }

  @Test func wrongReceivedIntentFails() async {
    let store = makeStore()
    await store.send(.factTapped) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(.factLoaded("something else"))
    } matching: { issue in
      issue.description.contains("unexpected intent")
    }
    store.exhaustivity = .off
    await store.finish()
  }

  @Test func unassertedSideEffectFails() async {
    let store = makeStore()
    await store.send(.factLoaded("x")) { $0.fact = "x" }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("toast")
    }
  }

  @Test func wrongSideEffectFails() async {
    let store = makeStore()
    await store.send(.factLoaded("x")) { $0.fact = "x" }
    await withKnownIssue {
      await store.receiveSideEffect(.toast("Nope"))
    } matching: { issue in
      issue.description.contains("unexpected side effect")
    }
  }

  @Test func leftoverEffectFailsAtFinish() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
    await store.send(.start("never"))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      issue.description.contains("still running")
    }
  }

  @Test func leftoverEffectFailsWhenTheTestStoreIsDeallocated() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
      await store.send(.start("never"))
    } matching: { issue in
      issue.description.contains("still running")
    }
  }

  @Test func uncaughtEffectErrorFails() async {
    let store = TestStore(initialState: Lab.State(), model: Lab())
    await store.send(.uncaught)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("no fact today")
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.factTapped)
    await store.receive(.factLoaded("1 is odd")) { $0.fact = "1 is odd" }
    #expect(store.state.isLoading == false)
    await store.finish()
  }

  @Test func nonExhaustiveStillFailsOnAWrongAssertion() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    }
  }
}
