/// A successful login: who signed in and their session token.
public struct LoginResponse: Codable, Equatable, Sendable, CustomStringConvertible {
  /// The account's display name.
  public var name: String
  /// The account's email address.
  public var email: String
  /// The session token. It is left out of ``description``.
  public var token: String

  /// Creates a login response.
  public init(name: String, email: String, token: String) {
    self.name = name
    self.email = email
    self.token = token
  }

  /// The name and email; the token is redacted.
  public var description: String {
    "LoginResponse(name: \(name), email: \(email), token: ••••)"
  }
}
