import Foundation
import Login
import Todos
import Users

/// The backends the apps use, resolved from the options and the embedded server.
public struct ShowcaseBackends: Sendable {
  /// Where Users fetches its JSON.
  public var usersURL: URL
  /// Where Login posts credentials.
  public var loginURL: URL
  /// The todo database file.
  public var todosURL: URL
  /// The demo account's credentials to show on the login screen, when the login goes to the
  /// embedded server.
  public var loginHint: String

  /// Backends for `options`, with the embedded server at `serverURL` as the default.
  public init(options: ShowcaseOptions, serverURL: URL, demoHint: String) {
    usersURL = options.usersURL ?? serverURL.appendingPathComponent("users")
    loginURL = options.loginURL ?? serverURL.appendingPathComponent("login")
    todosURL =
      options.todosPath.map { URL(fileURLWithPath: $0) }
      ?? TodoDatabaseLocation.defaultURL()
    loginHint = options.loginURL == nil ? demoHint : "Logging in at \(loginURL.absoluteString)"
  }

  /// The footer line: which backend each app talks to.
  public var footer: String {
    "users: \(usersURL.absoluteString)  login: \(loginURL.absoluteString)  todos: \(todosURL.path)"
  }
}
