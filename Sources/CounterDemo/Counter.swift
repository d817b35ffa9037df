import MVIKit

/// The README's counter: a count, and a fact about it loaded by an effect.
struct Counter: Model {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Intent: Equatable, Sendable {
    case increment
    case factTapped
    case factLoaded(String)
    case factFailed(String)
  }

  enum SideEffect: Equatable, Sendable {
    case toast(String)
  }

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
