/// Why a login failed. No case carries, and no description shows, the password.
public enum LoginError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The email and password do not match an account.
  case invalidCredentials
  /// The server answered with this unexpected HTTP status code.
  case http(Int)
  /// The server's answer could not be read.
  case malformed
  /// The server did not answer in time.
  case timeout
  /// The server could not be reached.
  case unreachable

  /// A sentence to show the user.
  public var description: String {
    switch self {
    case .invalidCredentials:
      "Wrong email or password."
    case .http(let status) where status >= 500:
      "The login server had a problem (HTTP \(status)). Please try again later."
    case .http(let status):
      "The login server refused the request (HTTP \(status))."
    case .malformed:
      "The login server sent an answer that could not be read."
    case .timeout:
      "The login server took too long to answer. Please try again."
    case .unreachable:
      "Can't reach the login server. Check your connection and try again."
    }
  }
}
