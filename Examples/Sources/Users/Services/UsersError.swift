import Foundation

/// Why the users list could not be loaded.
public enum UsersError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server answered with this non-success HTTP status code.
  case http(Int)
  /// The answer was not a users list; holds a short reason.
  case malformed(String)
  /// The answer is a list, but of records in a shape this sample does not read: not one of
  /// them has what a user needs. Holds what was found and what is needed.
  case unsupported(String)
  /// The connection closed in the middle of the answer: nothing is wrong with its format, it
  /// did not all arrive.
  case cutOff
  /// The server did not answer in time.
  case timeout
  /// The server refused to answer so often (HTTP 429); holds how many seconds it asked to wait
  /// (its `Retry-After`), when it said.
  case rateLimited(retryAfter: Int?)
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
    case .unsupported(let reason):
      "The server's users are in a format this app does not support: \(reason)."
    case .cutOff:
      "The connection closed before all the users arrived. Please try again."
    case .timeout:
      "The server took too long to answer. Please try again."
    case .rateLimited(let seconds?):
      "The server is limiting how often it is asked (HTTP 429) and asks to wait "
        + "\(UsersError.duration(seconds))."
    case .rateLimited(nil):
      "The server is limiting how often it is asked (HTTP 429)."
    case .unreachable(let reason):
      "Can't reach the server: \(reason)"
    }
  }
}

extension UsersError {
  /// `45 s`, `3 min`, `2 h 5 min`: a wait as the screen says it.
  static func duration(_ seconds: Int) -> String {
    if seconds < 60 { return "\(seconds) s" }
    let minutes = (seconds + 59) / 60
    if minutes < 60 { return "\(minutes) min" }
    return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
  }

  /// The seconds a `Retry-After` value asks to wait: a number of seconds, or an HTTP date
  /// (then from `now`, at least 0); nil when it is neither.
  static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Int? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Int(text), seconds >= 0 { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: text) else { return nil }
    return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
  }
}
