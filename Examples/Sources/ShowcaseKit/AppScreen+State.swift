import Login
import Poster
import Todos
import Transcribe
import Users

extension AppScreen.State {
  /// The first screen of `app`.
  public init(opening app: ShowcaseApp) {
    switch app {
    case .transcribe: self = .transcribe(TranscribeModel.State())
    case .poster: self = .poster(PosterModel.State())
    case .users: self = .users(UsersPresenter.State())
    case .login: self = .login(LoginModel.State())
    case .todos: self = .todos(TodosModel.State())
    }
  }

  /// The app the screen belongs to.
  public var app: ShowcaseApp {
    switch self {
    case .transcribe: .transcribe
    case .poster: .poster
    case .users, .userDetail: .users
    case .login: .login
    case .todos: .todos
    }
  }

  /// The user shown, while the screen is a user's details.
  public var userDetail: User? {
    if case .userDetail(let user) = self { user } else { nil }
  }
}
