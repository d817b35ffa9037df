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

  // One optional member per case: the links' state paths. Setting nil leaves another case
  // alone, so dismissing a child is done by replacing or popping the screen.

  /// Transcribe's state, while the screen is Transcribe.
  public var transcribe: TranscribeModel.State? {
    get { if case .transcribe(let state) = self { state } else { nil } }
    set { if let newValue { self = .transcribe(newValue) } }
  }

  /// Poster's state, while the screen is Poster.
  public var poster: PosterModel.State? {
    get { if case .poster(let state) = self { state } else { nil } }
    set { if let newValue { self = .poster(newValue) } }
  }

  /// The users list's state, while the screen is the users list.
  public var users: UsersPresenter.State? {
    get { if case .users(let state) = self { state } else { nil } }
    set { if let newValue { self = .users(newValue) } }
  }

  /// The user shown, while the screen is a user's details.
  public var userDetail: User? {
    if case .userDetail(let user) = self { user } else { nil }
  }

  /// Login's state, while the screen is Login.
  public var login: LoginModel.State? {
    get { if case .login(let state) = self { state } else { nil } }
    set { if let newValue { self = .login(newValue) } }
  }

  /// Todos' state, while the screen is Todos.
  public var todos: TodosModel.State? {
    get { if case .todos(let state) = self { state } else { nil } }
    set { if let newValue { self = .todos(newValue) } }
  }
}
