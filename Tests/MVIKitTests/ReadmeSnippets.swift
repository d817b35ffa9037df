import MVIKit
import MVIKitTesting
import Testing

// The Swift code of README.md, compiled. ReadmeTests fails when a README block is not found
// here line for line, so change the two together.

/// The README's code that would clash with the rest of this module: its `Counter` (the module's
/// own `Counter` is CounterExample's, which this copy must behave like), and its `main.swift`.
enum ReadmeExample {
  struct Counter: Model {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
      var isLoading = false
    }
    enum Intent: Equatable, Sendable {
      case increment, factTapped
      case factLoaded(String)
      case factFailed(String)
    }
    enum SideEffect: Equatable, Sendable { case toast(String) }

    var fact: @Sendable (Int) async throws -> String

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .increment:
        state.count += 1
        return .none
      case .factTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factLoaded(try await fact(count)))
        } catch: { error, send in
          await send(.factFailed(String(describing: error)))
        }
        .cancellable(id: "fact", cancelInFlight: true)
      case .factLoaded(let text):
        state.isLoading = false
        state.fact = text
        return .emit(.toast("Loaded"))
      case .factFailed(let message):
        state.isLoading = false
        return .emit(.toast(message))
      }
    }
  }

  /// The README's `main.swift`. Its `print` is this parameter, so a test can read the output.
  @MainActor
  static func main(print: @MainActor (Any) -> Void) async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
    store.send(.increment)  // reduced at once, before send returns
    print(store.count)  // 1
    await store.send(.factTapped).finish()  // waits for the effect and the intent it sent back
    print(store.fact ?? "no fact")  // 1 is odd
    for await sideEffect in store.sideEffects.prefix(1) {
      print(sideEffect)  // toast("Loaded"), delivered once
    }
  }
}

// The README's test, run as one. `Counter` is CounterExample's here.

@Test @MainActor func factFlow() async {
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
