import MVIKit
import Testing

/// What a `reduce` reaches through a dependency that holds its own store, as a logger or a
/// coordinator might: a send waits until the reduce is done, on the fast path and the slow one
/// (see "Unchecked exclusivity" in the Architecture article, which says why no access to the
/// store's members overlaps another, and which read is still open).
@MainActor
@Suite struct ReentrantStoreTests {
  @MainActor final class StoreHolder: Sendable {
    weak var store: Store<Relay>?
  }

  struct Relay: Model {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Intent: Equatable, Sendable { case tap, echo }
    let holder: StoreHolder

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .tap:
        state.log.append("tap")
        // `reduce` is not isolated; a store reduces on the main actor, where this runs.
        _ = MainActor.assumeIsolated { holder.store?.send(.echo) }
        state.log.append("after the send")
      case .echo:
        state.log.append("echo")
      }
      return .none
    }
  }

  @Test(arguments: [false, true])
  func aSendFromInsideAReduceWaitsUntilTheReduceIsDone(observed: Bool) {
    let holder = StoreHolder()
    let store = Store(initialState: Relay.State(), model: Relay(holder: holder))
    holder.store = store
    var runs = 0
    let observation =
      observed
      ? store.observe {
        _ = $0.log
        runs += 1
      } : nil
    store.send(.tap)
    #expect(store.log == ["tap", "after the send", "echo"])
    if observed { #expect(runs == 2) }
    observation?.cancel()
  }
}
