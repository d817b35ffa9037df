import MVIKit
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ObservationTests {
  let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))

  func observe<T>(_ read: @escaping () -> T) -> Locked<Int> {
    let changes = Locked(0)
    withObservationTracking {
      _ = read()
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    return changes
  }

  @Test func readerOfOneMemberIgnoresOtherMembers() {
    let changes = observe { self.store.count }
    store.send(.factLoaded("a fact"))
    #expect(changes.withLock { $0 } == 0)
    store.send(.increment)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func readerOfAMemberIsNotNotifiedWhenItsValueStaysTheSame() {
    let changes = observe { self.store.fact }
    store.send(.increment)
    #expect(changes.withLock { $0 } == 0)
    store.send(.factLoaded("new"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func readerOfTheWholeStateSeesEveryChange() {
    let changes = observe { self.store.state }
    store.send(.factLoaded("a fact"))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func readerOfAWholeEquatableStateIsNotNotifiedWhenItStaysTheSame() {
    let lab = Store(initialState: Lab.State(), model: Lab())
    let changes = observe { lab.state }
    lab.send(.stop)
    #expect(changes.withLock { $0 } == 0)
    lab.send(.record("milk"))
    #expect(changes.withLock { $0 } == 1)
  }

  /// A state that is not `Equatable`: the store cannot tell an unchanged one.
  struct Tally: Model {
    struct State: Sendable { var taps = 0 }
    enum Intent: Sendable {
      case tap
      case nothing
    }
    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      if case .tap = intent { state.taps += 1 }
      return .none
    }
  }

  @Test func readerOfAWholeStateThatIsNotEquatableHearsOfEverySend() {
    let tally = Store(initialState: Tally.State(), model: Tally())
    let changes = observe { tally.state }
    tally.send(.nothing)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func reArmedObserverIsNotifiedAgain() {
    let first = observe { self.store.count }
    store.send(.increment)
    let second = observe { self.store.count }
    store.send(.increment)
    #expect(first.withLock { $0 } == 1)
    #expect(second.withLock { $0 } == 1)
    #expect(store.count == 2)
  }

  @Test func statesStreamEndsWhenItsStoreIsFreed() async {
    var store: Store<Counter>? = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    var states = store!.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    weak let freed = store
    store = nil
    #expect(freed == nil)
    #expect(await states.next() == nil)
  }

  @Test func anObservationOfTwoStoresFollowsTheOneLeftWhenTheOtherIsFreed() {
    var other: Store<Counter>? = Store(
      initialState: Counter.State(count: 10), model: Counter(fact: { "\($0)" }))
    var seen: [Int] = []
    let observation = store.observe { [weak other] store in
      seen.append(store.count + (other?.count ?? 0))
    }
    other = nil
    store.send(.increment)
    #expect(seen == [10, 1])
    withExtendedLifetime(observation) {}
  }

  @Test func statesStreamStartsWithTheCurrentStateAndFollowsChanges() async {
    store.send(.increment)
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 1)
    store.send(.increment)
    #expect(await states.next()?.count == 2)
  }
}
