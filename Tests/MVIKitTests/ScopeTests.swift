import MVIKit
import Observation
import Testing

/// A parent that embeds the counter twice, to check that scoping keeps them apart.
struct Pair: Model {
  struct State: Equatable, Sendable {
    var left = Counter.State()
    var right = Counter.State()
  }
  enum Intent: Equatable, Sendable {
    case left(Counter.Intent)
    case right(Counter.Intent)
    case bothReset
  }
  enum SideEffect: Equatable, Sendable {
    case left(Counter.SideEffect)
    case right(Counter.SideEffect)
  }

  static let left = ChildLink<Pair, Counter>(
    state: \.left, intent: Intent.left, sideEffect: SideEffect.left)
  static let right = ChildLink<Pair, Counter>(
    state: \.right, intent: Intent.right, sideEffect: SideEffect.right)

  let counter = Counter(fact: { "fact \($0)" })

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .left(let intent):
      return Self.left.reduce(counter, &state, intent)
    case .right(let intent):
      return Self.right.reduce(counter, &state, intent)
    case .bothReset:
      state = State()
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ScopeTests {
  @Test func childModelRunsOnItsPartOfTheState() async {
    let store = Store(initialState: Pair.State(), model: Pair())
    store.send(.left(.increment))
    await store.send(.left(.factTapped)).finish()
    store.send(.right(.increment))
    store.send(.right(.increment))
    #expect(store.left == Counter.State(count: 1, fact: "fact 1"))
    #expect(store.right.count == 2)
    var sideEffects = store.sideEffects.makeAsyncIterator()
    #expect(await sideEffects.next() == .left(.toast("Loaded")))
  }

  @Test func scopedStoreReadsAndSendsThroughItsParentWithoutATypeAnnotation() async {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let right = parent.scope(Pair.right)
    right.send(.increment)
    #expect(right.count == 1)
    #expect(parent.right.count == 1)
    parent.send(.right(.increment))
    #expect(right.count == 2)
    await right.send(.factTapped).finish()
    #expect(right.fact == "fact 2")
  }

  @Test func scopedStoreObservationIsFineGrained() {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let left = parent.scope(Pair.left)
    let changes = Locked(0)
    withObservationTracking {
      _ = left.count
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    parent.send(.right(.increment))
    left.send(.factLoaded("no count change"))
    #expect(changes.withLock { $0 } == 0)
    left.send(.increment)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func scopedStoreStatesFollowChangesFromTheParentAndTheChild() async {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let left = parent.scope(Pair.left)
    var states = left.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    left.send(.increment)
    #expect(await states.next()?.count == 1)
    parent.send(.left(.increment))
    #expect(await states.next()?.count == 2)
    parent.send(.bothReset)
    #expect(await states.next()?.count == 0)
  }

  @Test func scopedStoreReceivesItsOwnSideEffectsOnceAskedForThem() async {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let left = parent.scope(Pair.left)
    let right = parent.scope(Pair.right)
    // Nobody asked the left store yet: its side effect stays with the parent.
    await left.send(.factTapped).finish()
    var parentSideEffects = parent.sideEffects.makeAsyncIterator()
    #expect(await parentSideEffects.next() == .left(.toast("Loaded")))
    var leftSideEffects = left.sideEffects.makeAsyncIterator()
    var rightSideEffects = right.sideEffects.makeAsyncIterator()
    await left.send(.factTapped).finish()
    await parent.send(.right(.factTapped)).finish()
    #expect(await leftSideEffects.next() == .toast("Loaded"))
    #expect(await rightSideEffects.next() == .toast("Loaded"))
    // Routed down, so the parent's own sequence did not get them as well.
    #expect(parent.pendingSideEffectCount == 0)
  }

  @Test func theRootsFlowObserverSeesAScopedStoresIntentsChangesAndRoutedSideEffects() async {
    var events: [String] = []
    let observer = FlowObserver<Pair> { event in
      switch event {
      case .intent(let intent): events.append("intent \(intent)")
      case .stateChanged(let from, let to):
        events.append("left \(from.left.count) → \(to.left.count)")
      case .sideEffect(let sideEffect): events.append("side effect \(sideEffect)")
      case .unhandledError, .runtimeWarning: events.append("error")
      }
    }
    let parent = Store(initialState: Pair.State(), model: Pair(), attaching: [observer])
    let left = parent.scope(Pair.left)
    var leftSideEffects = left.sideEffects.makeAsyncIterator()
    left.send(.increment)
    await left.send(.factTapped).finish()
    #expect(
      events == [
        "intent left(CounterExample.Counter.Intent.increment)", "left 0 → 1",
        "intent left(CounterExample.Counter.Intent.factTapped)", "left 1 → 1",
        "intent left(CounterExample.Counter.Intent.factLoaded(\"fact 1\"))", "left 1 → 1",
        "side effect left(CounterExample.Counter.SideEffect.toast(\"Loaded\"))",
      ])
    // Seen by the root and still delivered once, to the scoped store that asked for it.
    #expect(await leftSideEffects.next() == .toast("Loaded"))
  }

  @Test func scopingTwiceGivesTheSameStoreFreedWithItsParent() {
    var parent: Store<Pair>? = Store(initialState: Pair.State(), model: Pair())
    weak let weakChild = parent?.scope(Pair.left)
    #expect(weakChild != nil)
    #expect(parent?.scope(Pair.left) === weakChild)
    #expect(parent?.scope(Pair.right) !== weakChild)
    parent = nil
    #expect(weakChild == nil)
  }

  @Test func scopesNestDeeply() async {
    let parent = Store(initialState: Nest.State(), model: Nest())
    let grandchild = parent.scope(Nest.inner).scope(Nest.inner)
    grandchild.send(.bump)
    #expect(parent.value == 1)
    #expect(grandchild.value == 1)
    var states = grandchild.states.makeAsyncIterator()
    #expect(await states.next()?.value == 1)
    parent.send(.bump)
    #expect(await states.next()?.value == 2)
  }

  @Test func aScopedStoreOutlivingItsParentKeepsItsLastStateAndDropsSends() {
    var parent: Store<Pair>? = Store(initialState: Pair.State(), model: Pair())
    let left = parent!.scope(Pair.left)
    left.send(.increment)
    #expect(left.count == 1)
    parent = nil
    #expect(left.count == 1)
    #expect(!left.send(.increment).hasWork)
    #expect(left.count == 1)
  }
}

struct Nest: Model {
  struct State: Equatable, Sendable { var value = 0 }
  enum Intent: Equatable, Sendable { case bump }

  static let inner = ChildLink<Nest, Nest>(state: \.self, intent: { $0 })

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.value += 1
    return .none
  }
}
