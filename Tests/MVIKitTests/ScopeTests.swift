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
  }
  enum SideEffect: Equatable, Sendable { case left(Counter.SideEffect) }

  let counter = Counter(fact: { "fact \($0)" })

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .left(let child):
      return counter.reduce(&state.left, child).map(
        intent: Intent.left, sideEffect: SideEffect.left)
    case .right:
      return Scope(
        state: \State.right,
        embed: Intent.right,
        extract: { if case .right(let child) = $0 { child } else { nil } },
        sideEffect: SideEffect.left,
        child: counter
      ).reduce(&state, intent)
    }
  }
}

@MainActor
@Suite struct ScopeTests {
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

  @Test func scopedStoreReadsAndSendsThroughItsParent() async {
    let parent = Store(initialState: Pair.State(), model: Pair())
    let right: Store<Counter> = parent.scope(state: \.right, intent: Pair.Intent.right)
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
    let left: Store<Counter> = parent.scope(state: \.left, intent: Pair.Intent.left)
    let changes = Locked(0)
    withObservationTracking {
      _ = left.count
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    parent.send(.right(.increment))
    #expect(changes.withLock { $0 } == 0)
    left.send(.increment)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func scopesNestDeeply() {
    let parent = Store(initialState: Nest.State(), model: Nest())
    let child: Store<Nest> = parent.scope(state: \.self, intent: { $0 })
    let grandchild: Store<Nest> = child.scope(state: \.self, intent: { $0 })
    grandchild.send(.bump)
    #expect(parent.value == 1)
    #expect(grandchild.value == 1)
  }

  @Test func scopedStoreIsFreedWhenDropped() {
    let parent = Store(initialState: Pair.State(), model: Pair())
    var child: Store<Counter>? = parent.scope(state: \.left, intent: Pair.Intent.left)
    weak let weakChild = child
    child?.send(.increment)
    child = nil
    #expect(weakChild == nil)
    #expect(parent.left.count == 1)
  }
}

struct Nest: Model {
  struct State: Equatable, Sendable { var value = 0 }
  enum Intent: Equatable, Sendable { case bump }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.value += 1
    return .none
  }
}
