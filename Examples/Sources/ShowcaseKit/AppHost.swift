import Foundation
import Login
import MVIKit
import MVIKitTerminal
import Observation
import Poster
import Todos
import Transcribe
import Users

/// Owns the running apps: starts an app's module when it is opened and takes it apart when
/// it is closed, so a closed app holds no memory and runs no effect.
@MainActor
@Observable
public final class AppHost {
  /// The backends in use.
  public let backends: ShowcaseBackends
  /// The Users module's router (it assembles the module on open).
  public let usersRouter: UsersRouter
  /// The login view model while Login is open.
  public private(set) var login: LoginViewModel?
  /// The todo store while Todos is open.
  public private(set) var todos: Store<TodosModel>?
  /// Why Todos could not open its database, if it could not.
  public private(set) var todosError: String?
  /// The Transcribe store while Transcribe is open.
  public private(set) var transcribe: Store<TranscribeModel>?
  /// The Poster store while Poster is open.
  public private(set) var poster: Store<PosterModel>?

  /// Shows a toast or an alert; set by whoever runs the terminal.
  @ObservationIgnored public var present: @MainActor (Presentation) -> Void = { _ in }
  @ObservationIgnored private var loginAlerts: Task<Void, Never>?
  @ObservationIgnored private var posterToasts: Task<Void, Never>?

  /// A host whose apps use `backends`.
  public init(backends: ShowcaseBackends) {
    self.backends = backends
    usersRouter = UsersRouter(
      interactor: UsersInteractor(client: UsersClient(usersURL: backends.usersURL)))
  }

  /// Acts on the showcase's side effects.
  public func handle(_ sideEffect: ShowcaseModel.SideEffect) {
    switch sideEffect {
    case .opened(let app): open(app)
    case .closed(let app): close(app)
    }
  }

  private func open(_ app: ShowcaseApp) {
    switch app {
    case .users:
      usersRouter.start()
    case .login:
      let viewModel = LoginViewModel(
        model: LoginModel(client: LoginClient(loginURL: backends.loginURL)))
      login = viewModel
      let sideEffects = viewModel.store.sideEffects
      loginAlerts = Task { [weak self] in
        for await case .alert(let title, let message) in sideEffects {
          self?.present(.alert(title: title, message: message))
        }
      }
    case .todos:
      do {
        let store = Store(
          initialState: TodosModel.State(),
          model: TodosModel(repository: try TodoRepository(url: backends.todosURL)))
        todos = store
        todosError = nil
        store.send(.appeared)
      } catch {
        todosError = String(describing: error)
      }
    case .transcribe:
      let store = Store(
        initialState: TranscribeModel.State(),
        model: TranscribeModel(
          recognizer: PocketSphinxRecognizer(), startFolder: backends.audioFolder))
      transcribe = store
      store.send(.appeared)
    case .poster:
      let store = Store(
        initialState: PosterModel.State(),
        model: PosterModel(client: PosterClient(baseURL: backends.posterURL)))
      poster = store
      let sideEffects = store.sideEffects
      posterToasts = Task { [weak self] in
        for await case .toast(let message) in sideEffects {
          self?.present(.toast(message))
        }
      }
    }
  }

  private func close(_ app: ShowcaseApp) {
    switch app {
    case .users:
      usersRouter.dismiss()
    case .login:
      loginAlerts?.cancel()
      loginAlerts = nil
      login = nil
    case .todos:
      todos = nil
    case .transcribe:
      // Dropping the store cancels a running transcription with it.
      transcribe = nil
    case .poster:
      posterToasts?.cancel()
      posterToasts = nil
      poster = nil
    }
  }
}
