import CounterExample
import MVIKit
import Testing

/// The spellings that came before `ChildLink` still compile and work. This target builds with
/// warnings suppressed: using deprecated API is its purpose.
@MainActor
@Suite struct LegacyScopeTests {
  struct Pair: Equatable, Sendable {
    var left = Counter.State()
    var right = Counter.State()
  }

  struct Embedding: Model {
    typealias State = Pair
    enum Intent: Equatable, Sendable { case right(Counter.Intent) }
    enum SideEffect: Equatable, Sendable { case right(Counter.SideEffect) }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      Scope(
        state: \State.right,
        embed: Intent.right,
        extract: { if case .right(let child) = $0 { child } else { nil } },
        sideEffect: SideEffect.right,
        child: Counter(fact: { "fact \($0)" })
      ).reduce(&state, intent)
    }
  }

  @Test func scopeModelAndClosureScopeStillWork() {
    let parent = Store(initialState: Pair(), model: Embedding())
    let right: Store<Counter> = parent.scope(state: \.right, intent: Embedding.Intent.right)
    right.send(.increment)
    #expect(parent.right.count == 1)
    #expect(right.count == 1)
  }
}
