// The code of MVIKitPersistence's articles, compiled and run: ReadmeTests checks that each
// block of the articles is in this file.
import MVIKit
import MVIKitPersistence
import MVIKitTesting
import Testing

/// The article's settings: an email, a filter, and the intent that hears of problems.
struct Settings: Model {
  enum Filter: String, Codable, Sendable {
    case all, active, done
  }
  struct State: Equatable, Sendable {
    var email = ""
    var filter = Filter.all
    var problem: PersistenceProblem?
  }
  enum Intent: Equatable, Sendable {
    case filterChanged(Filter)
    case savedStateProblem(PersistenceProblem)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .filterChanged(let filter): state.filter = filter
    case .savedStateProblem(let problem): state.problem = problem
    }
    return .none
  }
}

extension Settings {
  static let persisted = PersistedState<Settings>(
    "settings",
    .member(\.email, key: "email"),
    .member(\.filter, key: "filter"),
    problem: Intent.savedStateProblem)
}

extension Settings {
  /// The filter's member, once its type changed.
  static let filterAtVersion2: PersistedMember<State> =
    // Version 1 kept a flag, "show done only"; version 2 keeps a filter.
    .member(
      \.filter, key: "filter", version: 2,
      migrations: [PersistedMigration(from: 1, as: Bool.self) { $0 ? .done : .all }])
}

@MainActor
func makeSettingsStore() -> Store<Settings> {
  let persistence = StatePersistence(
    Settings.persisted, in: .standard(appIdentifier: "org.example.Settings"))
  let store = Store(
    initialState: Settings.State(), model: Settings(), attaching: [persistence])
  return store
}

/// The landing page's list, reduced to its filter.
struct Todos: Model {
  struct State: Equatable, Sendable {
    var filter = "all"
  }
  enum Intent: Sendable {
    case filterChanged(String)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    guard case .filterChanged(let filter) = intent else { return .none }
    state.filter = filter
    return .none
  }
}

extension Todos {
  static let persisted = PersistedState<Todos>("todos", .member(\.filter, key: "filter"))
}

@MainActor
func makeTodosStore() -> Store<Todos> {
  let store = Store(
    initialState: Todos.State(), model: Todos(),
    attaching: [
      StatePersistence(Todos.persisted, in: .standard(appIdentifier: "org.example.Todos"))
    ])
  return store
}

@MainActor
@Test func theFilterIsRemembered() async throws {
  let storage = InMemoryStateStorage()
  let persistence = StatePersistence(Settings.persisted, in: storage)
  let store = Store(initialState: .init(), model: Settings(), attaching: [persistence])
  store.send(.filterChanged(.done))
  await persistence.flush()

  let relaunched = Store(
    initialState: .init(), model: Settings(),
    attaching: [StatePersistence(Settings.persisted, in: storage)])
  #expect(relaunched.filter == .done)
}

@MainActor
@Test func theFilterIsSavedAsTheTestExpects() async throws {
  let storage = InMemoryStateStorage()
  let start = try Settings.persisted.restored(Settings.State(), from: storage)
  let store = TestStore(initialState: start, model: Settings())
  await store.send(.filterChanged(.done)) { $0.filter = .done }
  #expect(try Settings.persisted.savedMembers(of: store.state)["filter"] == #""done""#)
}
