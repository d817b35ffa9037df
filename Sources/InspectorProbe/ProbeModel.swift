import MVIKit

/// A small model with the shapes an inspector must show well: a number, an array of rows, a
/// secret and an enum.
struct ProbeModel: Model {
  struct Item: Codable, Equatable, Sendable {
    var name: String
    var done = false
  }

  enum Mode: Codable, Equatable, Sendable {
    case idle
    case busy(since: Int)
  }

  struct State: Codable, Equatable, Sendable {
    var count = 0
    var items: [Item] = []
    var password = Secret("")
    var mode = Mode.idle
  }

  enum Intent: Codable, Equatable, Sendable {
    case increment
    case add(String)
    case password(Secret<String>)
    /// Starts an effect that sends `increment` back.
    case effect
    case toast(String)
  }

  enum SideEffect: Codable, Equatable, Sendable {
    case toast(String)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .increment:
      state.count += 1
      state.mode = .busy(since: state.count)
      return .none
    case .add(let name):
      state.items.append(Item(name: name))
      return .none
    case .password(let password):
      state.password = password
      return .none
    case .effect:
      return .run { send in await send(.increment) }
    case .toast(let text):
      return .emit(.toast(text))
    }
  }
}
