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
    /// The query looked up last, and the answer shown for it.
    var query = ""
    var answer = ""
  }

  enum Intent: Codable, Equatable, Sendable {
    case increment
    case add(String)
    case password(Secret<String>)
    /// Starts an effect that sends `increment` back.
    case effect
    case toast(String)
    /// Looks `query` up; its answer comes back as `answered`.
    case lookup(String)
    case answered(String)
  }

  /// The fix of the lookup's ordering bug: a new lookup cancels the one in flight, so an old
  /// answer that comes late cannot replace the new one.
  var cancelsStaleLookups = false

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
    case .lookup(let query):
      state.query = query
      let answer = Effect<Intent, SideEffect>.run { send in await send(.answered("about \(query)"))
      }
      return cancelsStaleLookups ? answer.cancellable(id: "lookup", cancelInFlight: true) : answer
    case .answered(let answer):
      state.answer = answer
      return .none
    }
  }
}
