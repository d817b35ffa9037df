import MVIKit
import MVIKitNavigation
import MVIKitPersistence

/// The showcase's root model: the home list, and a stack of app screens each run by its
/// app's model. Opening an app pushes its first screen; Esc pops; popping a screen cancels
/// whatever its app was still doing.
public struct ShowcaseModel: Model {
  /// What the showcase shows.
  public struct State: Equatable, Sendable, Codable {
    /// The app screens over the home list, bottom to top.
    public var path = NavigationStackState<AppScreen.State>()
    /// The highlighted app on the home screen.
    public var selection = 0
    /// Whether the key help is shown.
    public var isHelpShown = false
    /// What the showcase remembers across launches; see ``ShowcaseModel/persisted``.
    public var memory = ShowcaseMemory()

    /// The home screen.
    public init() {}
  }

  /// What the user did on the home screen, a navigation, or an intent for a screen's app.
  public enum Intent: Equatable, Sendable, Codable {
    case selectionMoved(Int)
    case openTapped
    case helpToggled
    case path(NavigationIntent<AppScreen.State>)
    case screen(Keyed<Int, AppScreen.Intent>)
    /// The showcase started: it opens the app that was open when it last quit.
    case launched
    /// What was remembered could not be read or saved.
    case memoryProblem(PersistenceProblem)
  }

  /// A side effect of a screen's app, with the screen's stack id.
  public enum SideEffect: Equatable, Sendable, Codable {
    case screen(Keyed<Int, AppScreen.SideEffect>)
    /// A message for the whole showcase, shown as a toast.
    case toast(String)
  }

  /// What the showcase keeps across launches, in the file `showcase` of its state folder:
  /// ``ShowcaseMemory``, each member under a key of its own.
  public static let persisted = PersistedState<ShowcaseModel>(
    "showcase",
    .member(\.memory.lastApp, key: "lastApp"),
    .member(\.memory.email, key: "login.email"),
    .member(\.memory.usersFilter, key: "users.filter"),
    .member(\.memory.transcribeFolder, key: "transcribe.folder"),
    .member(\.memory.todosFilter, key: "todos.filter"),
    .member(\.memory.posterAddress, key: "poster.address"),
    .member(\.memory.sources, key: "sources"),
    problem: Intent.memoryProblem)

  /// The stack of app screens: each screen's intents travel in ``Intent/screen(_:)``.
  public static let screens = StackLink<ShowcaseModel, AppScreen>(
    state: \.path, intent: Intent.screen, sideEffect: SideEffect.screen)

  let screen: AppScreen
  /// What this launch's flags name, which wins over what was remembered under others.
  let sources: ShowcaseSources

  /// The showcase, running its screens with `screen`, launched with the flags that name
  /// `sources`.
  public init(screen: AppScreen, sources: ShowcaseSources = ShowcaseSources()) {
    self.screen = screen
    self.sources = sources
  }

  /// Applies `intent` to `state`; see the type for what each intent does. Then remembers what
  /// the screen the intent was for shows (the email typed, the filter chosen), or, after any
  /// other intent, which app is open.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    let effect = apply(intent, to: &state)
    if case .screen(let keyed) = intent, let screen = state.path[id: keyed.id] {
      state.memory.remember(screen)
    } else {
      state.memory.lastApp = state.path.elements.first?.app
    }
    return effect
  }

  private func apply(_ intent: Intent, to state: inout State) -> Effect<Intent, SideEffect> {
    switch intent {
    case .selectionMoved(let index):
      state.selection = min(max(index, 0), ShowcaseApp.allCases.count - 1)
      return .none
    case .launched:
      state.memory.adopt(sources)
      guard let app = state.memory.lastApp, state.path.isEmpty else { return .none }
      state.selection = ShowcaseApp.allCases.firstIndex(of: app) ?? 0
      return apply(.openTapped, to: &state)
    case .memoryProblem(let problem):
      return .emit(.toast(problem.message))
    case .openTapped:
      // One app at a time: the home list is only reachable with an empty stack.
      guard state.path.isEmpty else { return .none }
      let app = ShowcaseApp.allCases[state.selection]
      let id = state.path.push(state.memory.opening(app))
      guard let appeared = AppScreen.appeared(app) else { return .none }
      return .send(.screen(Keyed(id, appeared)))
    case .helpToggled:
      state.isHelpShown.toggle()
      return .none
    case .path(let navigation):
      state.path.apply(navigation)
      return .none
    case .screen(let intent):
      return Self.screens.reduce(screen, &state, intent)
    }
  }
}
