import Login
import MVIKit
import Poster
import Todos
import Transcribe
import Users

/// The model of one screen on the showcase's stack: whichever app screen it is, run by that
/// app's own model through a `CaseLink` per kind of screen.
public struct AppScreen: Model {
  /// The screen and its app's state.
  public enum State: Equatable, Sendable, Codable {
    case transcribe(TranscribeModel.State)
    case poster(PosterModel.State)
    case users(UsersPresenter.State)
    case userDetail(User)
    case login(LoginModel.State)
    case todos(TodosModel.State)
  }

  /// An intent for the app the screen runs.
  public enum Intent: Equatable, Sendable, Codable {
    case transcribe(TranscribeModel.Intent)
    case poster(PosterModel.Intent)
    case users(UsersPresenter.Intent)
    case login(LoginModel.Intent)
    case todos(TodosModel.Intent)
  }

  /// A side effect of the app the screen runs.
  public enum SideEffect: Equatable, Sendable, Codable {
    case poster(PosterModel.SideEffect)
    case users(UsersPresenter.SideEffect)
  }

  /// Transcribe, while the screen is Transcribe.
  public static let transcribe = CaseLink<AppScreen, TranscribeModel>(
    case: State.transcribe, intent: Intent.transcribe)
  /// Poster, while the screen is Poster.
  public static let poster = CaseLink<AppScreen, PosterModel>(
    case: State.poster, intent: Intent.poster, sideEffect: SideEffect.poster)
  /// The Users presenter, while the screen is the users list.
  public static let users = CaseLink<AppScreen, UsersPresenter>(
    case: State.users, intent: Intent.users, sideEffect: SideEffect.users)
  /// Login, while the screen is Login.
  public static let login = CaseLink<AppScreen, LoginModel>(
    case: State.login, intent: Intent.login)
  /// Todos, while the screen is Todos.
  public static let todos = CaseLink<AppScreen, TodosModel>(
    case: State.todos, intent: Intent.todos)

  let transcribeModel: TranscribeModel
  let posterModel: PosterModel
  let usersPresenter: UsersPresenter
  let loginModel: LoginModel
  let todosModel: TodosModel

  /// Runs each kind of screen with its app's model.
  public init(
    transcribe: TranscribeModel, poster: PosterModel, users: UsersPresenter, login: LoginModel,
    todos: TodosModel
  ) {
    transcribeModel = transcribe
    posterModel = poster
    usersPresenter = users
    loginModel = login
    todosModel = todos
  }

  /// Hands `intent` to the app it is for; an intent for another kind of screen than the one
  /// shown is reported and dropped by the link.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .transcribe(let intent): Self.transcribe.reduce(transcribeModel, &state, intent)
    case .poster(let intent): Self.poster.reduce(posterModel, &state, intent)
    case .users(let intent): Self.users.reduce(usersPresenter, &state, intent)
    case .login(let intent): Self.login.reduce(loginModel, &state, intent)
    case .todos(let intent): Self.todos.reduce(todosModel, &state, intent)
    }
  }

  /// What starts an app once its first screen shows (a check, a fetch, a load), if anything.
  static func appeared(_ app: ShowcaseApp) -> Intent? {
    switch app {
    case .transcribe: .transcribe(.appeared)
    case .users: .users(.appeared)
    case .todos: .todos(.appeared)
    case .poster: .poster(.appeared)
    case .login: nil
    }
  }
}
