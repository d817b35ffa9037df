import Login
import MVIKit
import MVIKitTerminal
import Poster
import Todos
import Transcribe
import Users

/// The assembled showcase: the root store over ``ShowcaseModel`` with every app's model and
/// backend, the Users module's router, and how each app's side effects are presented.
///
/// The terminal app and the tests build the showcase the same way, through this type.
@MainActor
public final class ShowcaseRoot {
  /// The store of the whole showcase; every screen's store is scoped from it.
  public let store: Store<ShowcaseModel>
  /// The backends in use.
  public let backends: ShowcaseBackends
  /// Every state of the session, for the time-travel overlay (Ctrl-T).
  public let history: StateHistory<ShowcaseModel>
  private let usersRouter: UsersRouter

  /// The showcase with its apps talking to `backends`, starting from `initialState` (the home
  /// screen, or a recording's first state).
  ///
  /// The todo database is opened here; when it cannot be, the Todos screen says why.
  public init(backends: ShowcaseBackends, initialState: ShowcaseModel.State = .init()) {
    self.backends = backends
    let screen = AppScreen(
      transcribe: TranscribeModel(
        recognizer: backends.recognizer, startFolder: backends.audioFolder),
      poster: PosterModel(client: PosterClient(url: backends.posterURL)),
      users: UsersPresenter(
        interactor: UsersInteractor(client: UsersClient(usersURL: backends.usersURL))),
      login: LoginModel(client: LoginClient(loginURL: backends.loginURL)),
      todos: TodosModel(opening: { try TodoRepository(url: backends.todosURL) }))
    let store = Store(initialState: initialState, model: ShowcaseModel(screen: screen))
    self.store = store
    history = StateHistory(store: store)
    usersRouter = UsersRouter(show: { [weak store] screen in
      switch screen {
      case .detail(let user): store?.send(.path(.push(.userDetail(user))))
      }
    })
  }

  /// The root view.
  public var view: ShowcaseView {
    ShowcaseView(store: store, backends: backends)
  }

  /// Acts on one side effect of the showcase: the Users router navigates, Login's alerts and
  /// Poster's toasts are returned for the terminal to show.
  public func present(_ sideEffect: ShowcaseModel.SideEffect) -> Presentation? {
    switch sideEffect {
    case .screen(let screen):
      switch screen.value {
      case .users(let sideEffect):
        usersRouter.handle(sideEffect)
        return nil
      case .login(.alert(let title, let message)):
        return .alert(title: title, message: message)
      case .poster(.toast(let message)):
        return .toast(message)
      }
    }
  }
}
