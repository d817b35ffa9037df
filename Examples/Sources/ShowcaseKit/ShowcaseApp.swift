/// The five sample apps, in the order the home screen lists them.
public enum ShowcaseApp: String, CaseIterable, Equatable, Sendable, Codable {
  case transcribe, poster, users, login, todos

  /// The app's name.
  public var title: String {
    switch self {
    case .transcribe: "Transcribe"
    case .poster: "Poster"
    case .users: "Users"
    case .login: "Login"
    case .todos: "Todos"
    }
  }

  /// The architecture the app demonstrates.
  public var pattern: String {
    switch self {
    case .transcribe: "MVI"
    case .poster: "MVI + SideEffect"
    case .users: "VIPER"
    case .login: "MVVM Input/Output"
    case .todos: "MVI"
    }
  }

  /// The seed article the app comes from.
  public var seed: String {
    switch self {
    case .transcribe: "000"
    case .poster: "001"
    case .users: "002"
    case .login: "003"
    case .todos: "004"
    }
  }

  /// One line on what the app does.
  public var summary: String {
    switch self {
    case .transcribe: "speech to text of an audio file, offline"
    case .poster: "a random movie poster on each press"
    case .users: "users fetched as JSON, with details"
    case .login: "a validated login form against a real server"
    case .todos: "add, toggle, delete, filter; saved in SQLite"
    }
  }
}
