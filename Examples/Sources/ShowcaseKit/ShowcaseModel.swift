import MVIKit

/// The showcase's own Router state: the home list and which app is open.
public struct ShowcaseModel: Model {
  /// What the showcase shows.
  public struct State: Equatable, Sendable {
    /// The open app, if any (the showcase opens one at a time).
    public var path: [ShowcaseApp] = []
    /// The highlighted app on the home screen.
    public var selection = 0
    /// Whether the key help is shown.
    public var isHelpShown = false

    /// The home screen.
    public init() {}
  }

  /// What the user did on the home screen.
  public enum Intent: Equatable, Sendable {
    case selectionMoved(Int)
    case openTapped
    case backTapped
    case helpToggled
  }

  /// Requests for the app host: start or take apart an app's module.
  public enum SideEffect: Equatable, Sendable {
    case opened(ShowcaseApp)
    case closed(ShowcaseApp)
  }

  /// The showcase's model.
  public init() {}

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .selectionMoved(let index):
      state.selection = min(max(index, 0), ShowcaseApp.allCases.count - 1)
      return .none
    case .openTapped:
      guard state.path.isEmpty else { return .none }
      let app = ShowcaseApp.allCases[state.selection]
      state.path = [app]
      return .emit(.opened(app))
    case .backTapped:
      guard let app = state.path.popLast() else { return .none }
      return .emit(.closed(app))
    case .helpToggled:
      state.isHelpShown.toggle()
      return .none
    }
  }
}
