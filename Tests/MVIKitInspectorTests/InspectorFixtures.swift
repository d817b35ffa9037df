import Foundation
import MVIKit

/// A model with a number, rows, a secret and a side effect: what an inspector must show.
struct Notes: Model {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var titles: [String] = []
    var password = Secret("")
  }

  enum Intent: Codable, Equatable, Sendable {
    case increment
    case add(String)
    case password(Secret<String>)
    case toast(String)
    case echo
    case failOffline
  }

  enum SideEffect: Codable, Equatable, Sendable {
    case toast(String)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .increment:
      state.count += 1
      return .none
    case .add(let title):
      state.titles.append(title)
      return .none
    case .password(let password):
      state.password = password
      return .none
    case .toast(let text):
      return .emit(.toast(text))
    case .echo:
      return .run { send in await send(.increment) }
    case .failOffline:
      return .run { _ in throw URLError(.notConnectedToInternet) }
    }
  }
}

/// A model whose state is not `Codable`: it is shown through reflection and not exported.
struct Plain: Model {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Intent: Sendable {
    case increment
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.count += 1
    return .none
  }
}

/// Waits for `condition`, polling; false after `timeout`.
@MainActor
func eventually(
  timeout: Duration = .seconds(20), _ condition: @MainActor () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
