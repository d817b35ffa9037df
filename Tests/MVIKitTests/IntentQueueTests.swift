import MVIKit
import MVIKitTesting
import Observation
import Testing

/// The intent queue: one first-in-first-out order, live and in tests, at any depth.
@MainActor
@Suite struct IntentQueueTests {
  @Test func tenThousandChainedIntentsRunAtConstantStackDepth() {
    let model = Relay()
    let store = Store(initialState: Relay.State(), model: model)
    // As many as one send feeds back before the store reports a probable loop.
    let task = store.send(.walk(10_000))
    #expect(store.remaining == 0)
    #expect(!task.hasWork)
    let range = model.stack.withLock { $0 }
    // Recursion would use at least 10,000 frames; a loop reuses the same one or two.
    #expect((range?.count ?? .max) < 4_096)
  }

  @Test func fedBackIntentsAreReducedFirstInFirstOutLiveInTestsAndInTheFuzzer() async {
    let order = ["tap", "next1", "end", "next2"]

    let store = Store(initialState: Relay.State(), model: Relay())
    store.send(.tap)
    #expect(store.log == order)

    let testStore = TestStore(initialState: Relay.State(), model: Relay())
    await testStore.send(.tap) { $0.log = ["tap"] }
    await testStore.receive(.next(1)) { $0.log.append("next1") }
    await testStore.receive(.end) { $0.log.append("end") }
    await testStore.receive(.next(2)) { $0.log.append("next2") }
    await testStore.finish()

    let report = IntentFuzzer(model: Relay(), initialState: Relay.State()) { _ in
      .tap
    } invariant: {
      Array($0.log.suffix(4)) == order ? nil : "reduced in the order \($0.log)"
    }
    .run(steps: 3, seed: 1)
    #expect(report.violation == nil)
    #expect(report.steps == 12)
  }

  @Test func aSendFromTheFlowObserverIsReducedAfterTheCurrentIntent() {
    weak var weakStore: Store<Relay>?
    var events: [String] = []
    // One observer for the store's life; the test swaps what it does.
    let observe = Locked<@MainActor (FlowEvent<Relay>) -> Void> { event in
      switch event {
      case .intent(let intent):
        events.append("enter \(intent)")
        if intent == .noop { weakStore?.send(.record("inner")) }
      case .stateChanged(_, let to): events.append("exit \(to.log)")
      default: break
      }
    }
    let store = Store(
      initialState: Relay.State(), model: Relay(),
      attaching: [FlowObserver { event in observe.withLock { $0 }(event) }])
    weakStore = store
    store.send(.noop)
    // A no-op changes nothing, so its "exit" is the inner intent's entry.
    #expect(events == ["enter noop", "enter record(\"inner\")", "exit [\"inner\"]"])

    events = []
    observe.withLock {
      $0 = { event in
        guard case .intent(let intent) = event else { return }
        events.append("enter \(intent)")
        if intent == .record("outer") { weakStore?.send(.record("inner")) }
        events.append("exit \(intent)")
      }
    }
    store.send(.record("outer"))
    #expect(
      events == [
        "enter record(\"outer\")", "exit record(\"outer\")",
        "enter record(\"inner\")", "exit record(\"inner\")",
      ])
    #expect(store.log == ["inner", "outer", "inner"])
  }

  @Test func anObserversSendWaitsForTheSynchronousFeedbackOfTheCurrentIntent() {
    let store = Store(initialState: Relay.State(), model: Relay())
    let logSeenByObserver = Locked<[String]?>(nil)
    withObservationTracking {
      _ = store.log
    } onChange: { [weak store] in
      // Observation calls this inside the change, on the thread of the send.
      MainActor.assumeIsolated {
        guard let store else { return }
        // The send must wait for the current intent to finish.
        store.send(.record("from observer"))
        logSeenByObserver.withLock { $0 = store.log }
      }
    }
    store.send(.tap)
    #expect(logSeenByObserver.withLock { $0 } == ["tap"])
    // tap finishes its synchronous work (what its effect fed back) before the observer's send.
    #expect(store.log == ["tap", "next1", "end", "next2", "from observer"])
  }

  @Test func aQueuedSendStillReturnsAHandleOnItsOwnWork() async {
    weak var weakStore: Store<Relay>?
    var inner: StoreTask?
    let store = Store(
      initialState: Relay.State(), model: Relay(),
      attaching: [
        FlowObserver { event in
          if case .intent(.noop) = event { inner = weakStore?.send(.fetch) }
        }
      ])
    weakStore = store
    store.send(.noop)
    #expect(inner?.hasWork == true)
    await inner?.finish()
    #expect(store.log == ["fetch", "fetched", "followUp"])
  }

  @Test func concatenatedSendsAreReducedBeforeSendReturns() async {
    let store = Store(initialState: Relay.State(), model: Relay())
    let task = store.send(.concatenated)
    #expect(store.log == ["a", "b", "c"])
    #expect(!task.hasWork)

    let mixed = Store(initialState: Relay.State(), model: Relay())
    let work = mixed.send(.mixed)
    #expect(mixed.log == ["b"])
    await work.finish()
    #expect(mixed.log == ["b", "c", "d"])
  }

  @Test func finishWaitsForTheWholeCascadeAnIntentCauses() async {
    let store = Store(initialState: Relay.State(), model: Relay())
    await store.send(.fetch).finish()
    #expect(store.log == ["fetch", "fetched", "followUp"])
  }

  @Test func cancellingASendCancelsTheWholeCascade() async {
    let store = Store(initialState: Relay.State(), model: Relay(pause: .seconds(3600)))
    let task = store.send(.fetch)
    while store.log.count < 2 { await Task.yield() }
    task.cancel()
    await task.finish()
    #expect(store.log == ["fetch", "fetched"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func aCancelledEffectCountsAsFinishedForExhaustivity() async {
    // Ends without finish(): the test store's deinit would report a running effect.
    let byID = TestStore(initialState: Relay.State(), model: Relay())
    await byID.send(.startForever)
    await byID.send(.stop)

    let byTask = TestStore(initialState: Relay.State(), model: Relay())
    await byTask.send(.startForever).cancel()
  }

  @Test func anAssertClosureWithoutAStateChangeFails() async {
    let store = TestStore(initialState: Relay.State(), model: Relay())
    await withKnownIssue {
      await store.send(.noop) { $0.remaining = 0 }
    } matching: { issue in
      issue.description.contains("Expected a state change after sending")
        && issue.description.contains("noop, but none happened")
    }
  }

  @Test func insideTheAssertClosureStateIsTheStateBeforeTheIntent() async {
    let store = TestStore(initialState: Relay.State(), model: Relay())
    var seen: [String]?
    await store.send(.record("x")) {
      seen = store.state.log
      $0.log = ["x"]
    }
    #expect(seen == [])
    #expect(store.state.log == ["x"])
  }
}
