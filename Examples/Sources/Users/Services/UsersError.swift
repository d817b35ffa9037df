/// Why the users list could not be loaded.
public enum UsersError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server answered with this non-success HTTP status code.
  case http(Int)
  /// The answer was not a users list; holds a short reason.
  case malformed(String)
  /// The connection closed in the middle of the answer: nothing is wrong with its format, it
  /// did not all arrive.
  case cutOff
  /// The server did not answer in time.
  case timeout
  /// The server could not be reached; holds a short reason.
  case unreachable(String)

  /// A sentence to show the user.
  public var description: String {
    switch self {
    case .http(404):
      "The users could not be found on the server (HTTP 404)."
    case .http(let status) where status >= 500:
      "The server had a problem (HTTP \(status)). Please try again later."
    case .http(let status):
      "The server refused the request (HTTP \(status))."
    case .malformed(let reason):
      "The server sent users in an unexpected format: \(reason)."
    case .cutOff:
      "The connection closed before all the users arrived. Please try again."
    case .timeout:
      "The server took too long to answer. Please try again."
    case .unreachable(let reason):
      "Can't reach the server: \(reason)"
    }
  }
}
