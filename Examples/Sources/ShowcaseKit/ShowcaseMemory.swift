import Foundation
import Todos

/// What the showcase remembers across launches: the app last open, and per app what a user
/// expects to find again. Never a password: Login's is a `Secret`, and only the email is kept.
public struct ShowcaseMemory: Equatable, Sendable, Codable {
  /// The app open when the showcase last quit; nil when it quit on the home screen.
  public var lastApp: ShowcaseApp?
  /// The email Login was last given.
  public var email = ""
  /// What the Users list was last filtered by.
  public var usersFilter: String?
  /// The folder Transcribe last listed.
  public var transcribeFolder: String?
  /// The filter Todos last showed.
  public var todosFilter = TodoFilter.all
  /// Where the poster Poster last showed came from.
  public var posterAddress: URL?
  /// What the flags named when these were remembered; see ``adopt(_:)``.
  public var sources = ShowcaseSources()

  /// Nothing remembered: the first launch, or after `--reset-state`.
  public init() {}

  /// Forgets what was remembered under another source than the one a flag names now, then
  /// remembers under `now`: a flag given now wins over what was remembered.
  mutating func adopt(_ now: ShowcaseSources) {
    if now.users != sources.users { usersFilter = nil }
    if now.posters != sources.posters { posterAddress = nil }
    if now.audioFolder != sources.audioFolder { transcribeFolder = nil }
    sources = now
  }

  /// Takes what `screen` shows that is remembered.
  mutating func remember(_ screen: AppScreen.State) {
    switch screen {
    case .login(let login): email = login.email
    case .users(let users): usersFilter = users.filter
    case .transcribe(let transcribe):
      if let folder = transcribe.listing?.folder { transcribeFolder = folder.path }
    case .todos(let todos): todosFilter = todos.filter
    case .poster(let poster):
      if let address = poster.poster?.address { posterAddress = address }
    case .userDetail: break
    }
  }

  /// The first screen of `app`, with what was remembered for it.
  func opening(_ app: ShowcaseApp) -> AppScreen.State {
    var screen = AppScreen.State(opening: app)
    switch screen {
    case .login(var login):
      login.email = email
      screen = .login(login)
    case .users(var users):
      users.filter = usersFilter
      screen = .users(users)
    case .transcribe(var transcribe):
      transcribe.restoredFolder = transcribeFolder.map { URL(filePath: $0) }
      screen = .transcribe(transcribe)
    case .todos(var todos):
      todos.filter = todosFilter
      screen = .todos(todos)
    case .poster(var poster):
      poster.restoredAddress = posterAddress
      screen = .poster(poster)
    case .userDetail: break
    }
    return screen
  }
}
