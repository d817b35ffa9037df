/// What the login model needs from the outside world: the one call that signs in.
///
/// A struct of closures, as every sample's dependency is: ``init(client:)`` is the live value,
/// over HTTP; a test makes its own with ``init(login:)``.
public struct LoginService: Sendable {
  /// Signs in with an email and password; throws ``LoginError`` or any error to show.
  public var login: @Sendable (_ email: String, _ password: String) async throws -> LoginResponse

  /// A service that signs in with `login`, for tests and previews.
  public init(login: @escaping @Sendable (String, String) async throws -> LoginResponse) {
    self.login = login
  }

  /// The live service: signs in over HTTP with `client`.
  public init(client: LoginClient) {
    self.init(login: { try await client.login(email: $0, password: $1) })
  }
}
