import MVIKit

// Reads a store from inside its own reduce, as a dependency that holds the store would, and
// is stopped there with what to do instead; the read named by the one argument: `member` (a
// member of the state), `scope` (a scoped store made from inside), `case` (a child reduced in
// place through a `CaseLink`, where a read could see another case), or `send` (a send, which
// waits, and the program ends normally). For ReentrantStoreTests; not a product.

/// A child whose reduce calls a dependency.
struct Note: Model {
  struct State: Equatable, Sendable {
    var text = "a"
    var words = ["one", "two"]
  }
  enum Intent: Equatable, Sendable { case edited }
  let dependency: @Sendable () -> Void

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.text += "!"
    dependency()
    return .none
  }
}

/// An enum state whose case holds a ``Note``.
struct Panel: Model {
  enum State: Equatable, Sendable {
    case note(Note.State)
    case closed
  }
  enum Intent: Equatable, Sendable { case note(Note.Intent) }
  static let note = CaseLink<Panel, Note>(case: State.note, intent: Intent.note)
  let dependency: @Sendable () -> Void

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .note(let intent): Self.note.reduce(Note(dependency: dependency), &state, intent)
    }
  }
}

struct Screen: Model {
  struct State: Equatable, Sendable {
    var panel = Panel.State.note(Note.State())
    var log: [String] = []
  }
  enum Intent: Equatable, Sendable {
    case panel(Panel.Intent)
    case tapped, logged
  }
  static let panel = ChildLink<Screen, Panel>(state: \.panel, intent: Intent.panel)
  let dependency: @Sendable () -> Void

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .panel(let intent):
      return Self.panel.reduce(Panel(dependency: dependency), &state, intent)
    case .tapped:
      state.log.append("tapped")
      dependency()
    case .logged:
      state.log.append("logged")
    }
    return .none
  }
}

/// What the dependency holds: the store it reads or sends to.
@MainActor final class StoreHolder: Sendable {
  weak var store: Store<Screen>?
}

let read = CommandLine.arguments.dropFirst().first ?? ""
MainActor.assumeIsolated {
  let holder = StoreHolder()
  let dependency: @Sendable () -> Void = {
    MainActor.assumeIsolated {
      switch read {
      case "member", "case": _ = holder.store?.log
      case "scope": _ = holder.store?.scope(Screen.panel)
      default: holder.store?.send(.logged)
      }
    }
  }
  let store = Store(initialState: Screen.State(), model: Screen(dependency: dependency))
  holder.store = store
  store.send(read == "case" ? .panel(.note(.edited)) : .tapped)
  print(store.log)
}
