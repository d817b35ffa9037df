import MVIKit
import Observation
import Testing

@MainActor
@Suite struct BindingTests {
  @Test func aBindingReadsAMemberAndSendsAnIntentWhenSet() {
    var intents: [Credentials.Intent] = []
    let store = Store(
      initialState: Credentials.State(), model: Credentials(),
      attaching: [
        FlowObserver { event in
          if case .intent(let intent) = event { intents.append(intent) }
        }
      ])
    let email = store.binding(\.email, send: Credentials.Intent.emailChanged)
    #expect(email.value == "")
    email.value = " ada@example.com "
    // The model trims; the binding shows what the state holds, not what was typed.
    #expect(email.value == "ada@example.com")
    email.value = "ada@example.com"
    #expect(intents == [.emailChanged(" ada@example.com ")])
  }

  @Test func readingABindingIsObservedPerMember() {
    let store = Store(initialState: Credentials.State(), model: Credentials())
    let email = store.binding(\.email, send: Credentials.Intent.emailChanged)
    let changes = Locked(0)
    withObservationTracking {
      _ = email.value
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.passwordChanged(Secret("secret1")))
    #expect(changes.withLock { $0 } == 0)
    email.value = "x@y.z"
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aBindingOnAScopedStoreSendsThroughTheParent() {
    let parent = Store(initialState: SignIn.State(), model: SignIn())
    let email = parent.scope(SignIn.form).binding(\.email, send: Credentials.Intent.emailChanged)
    email.value = "ada@example.com"
    #expect(parent.form.email == "ada@example.com")
  }
}

@MainActor
@Suite struct ObserveTests {
  @Test func observeRunsAtOnceAndAgainWhenAMemberItReadChanges() {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    var seen: [Int] = []
    let observation = store.observe { store in seen.append(store.count) }
    #expect(seen == [0])
    store.send(.increment)
    #expect(seen == [0, 1])
    store.send(.factLoaded("a fact"))
    #expect(seen == [0, 1])
    store.send(.increment)
    #expect(seen == [0, 1, 2])
    #expect(observation.isActive)
  }

  @Test func observeRunsOncePerSendThatChangedWhatItRead() {
    let store = Store(initialState: Relay.State(), model: Relay())
    var runs = 0
    let observation = store.observe { store in
      _ = store.log
      runs += 1
    }
    store.send(.tap)  // four intents, four changes of log
    #expect(runs == 2)
    withExtendedLifetime(observation) {}
  }

  @Test func observeStopsWhenCancelledOrReleased() {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    var cancelledRuns = 0
    let cancelled = store.observe { store in
      _ = store.count
      cancelledRuns += 1
    }
    var releasedRuns = 0
    var released: StoreObservation? = store.observe { store in
      _ = store.count
      releasedRuns += 1
    }
    cancelled.cancel()
    released = nil
    store.send(.increment)
    #expect(cancelledRuns == 1)
    #expect(releasedRuns == 1)
    #expect(released == nil && !cancelled.isActive)
  }

  @Test func anObservationReleasedDuringItsOwnRerunStopsItAndTheOnesItReleases() {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    var first: StoreObservation?
    var second: StoreObservation?
    var runs = (first: 0, second: 0)
    // Both rerun on the same change; the first lets go of both, its own run included, and
    // nothing else holds them.
    first = store.observe { store in
      runs.first += 1
      if store.count == 1 { (first, second) = (nil, nil) }
    }
    second = store.observe { store in
      runs.second += store.count >= 0 ? 1 : 0
    }
    store.send(.increment)
    #expect(runs.first == 2)
    #expect(runs.second == 1)
    store.send(.increment)
    #expect(runs.first == 2 && runs.second == 1)
    #expect(first == nil && second == nil)
  }

  @Test func anObservationKeepsItsStoreOnlyUntilItIsReleased() {
    var store: Store<Counter>? = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    weak let weakStore = store
    var observation: StoreObservation? = store?.observe { _ = $0.count }
    store = nil
    #expect(weakStore != nil)  // the observation keeps it
    weakStore?.send(.increment)
    observation = nil
    #expect(weakStore == nil)  // released with no change since: nothing left holds it
    _ = observation
  }

  @Test func observeFollowsScopedStoresAndTheWholeState() {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let left = parent.scope(Pair.left)
    var leftCounts: [Int] = []
    var wholeRuns = 0
    let observations = [
      left.observe { left in leftCounts.append(left.count) },
      parent.observe { parent in
        _ = parent.state
        wholeRuns += 1
      },
    ]
    parent.send(.right(.increment))
    #expect(leftCounts == [0])
    parent.send(.left(.increment))
    left.send(.increment)
    #expect(leftCounts == [0, 1, 2])
    #expect(wholeRuns == 4)
    withExtendedLifetime(observations) {}
  }

  @Test func anObservationThatReadsTwoStoresRunsOnceForASendThatChangesBoth() {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let left = parent.scope(Pair.left)
    var runs = 0
    let observation = parent.observe { parent in
      _ = parent.left.count + left.count
      runs += 1
    }
    left.send(.increment)
    #expect(runs == 2)
    withExtendedLifetime(observation) {}
  }
}
