import MVIKit
import MVIKitNavigation

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
  }

  /// A side effect of a screen's app, with the screen's stack id.
  public enum SideEffect: Equatable, Sendable, Codable {
    case screen(Keyed<Int, AppScreen.SideEffect>)
  }

  /// The stack of app screens: each screen's intents travel in ``Intent/screen(_:)``.
  public static let screens = StackLink<ShowcaseModel, AppScreen>(
    state: \.path, intent: Intent.screen, sideEffect: SideEffect.screen)

  let screen: AppScreen

  /// The showcase, running its screens with `screen`.
  public init(screen: AppScreen) {
    self.screen = screen
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .selectionMoved(let index):
      state.selection = min(max(index, 0), ShowcaseApp.allCases.count - 1)
      return .none
    case .openTapped:
      // One app at a time: the home list is only reachable with an empty stack.
      guard state.path.isEmpty else { return .none }
      let app = ShowcaseApp.allCases[state.selection]
      let id = state.path.push(AppScreen.State(opening: app))
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
