import ExampleHTTP
import Foundation

/// Signs in with `POST /login` on the demo server.
///
/// The password is sent only in the request body over the given URL, and never appears in an
/// error, a description or a log.
public struct LoginClient: Sendable {
  /// The timeout used when none is given.
  public static let defaultTimeout: Duration = .seconds(10)

  /// The login endpoint, such as `http://127.0.0.1:8080/login`.
  public var loginURL: URL {
    get { endpoint.url }
    set { endpoint.url = newValue }
  }
  /// How long one request may take before it fails with ``LoginError/timeout``.
  public var timeout: Duration {
    get { endpoint.timeout }
    set { endpoint.timeout = newValue }
  }
  private var endpoint: JSONEndpoint

  /// Creates a client for an explicit login URL.
  /// - Parameters:
  ///   - loginURL: The login endpoint.
  ///   - timeout: How long one request may take.
  public init(loginURL: URL, timeout: Duration = defaultTimeout) {
    endpoint = JSONEndpoint(url: loginURL, timeout: timeout)
  }

  /// Creates a client for a server's `/login` route, such as the embedded demo server's.
  /// - Parameters:
  ///   - baseURL: The server's root URL, such as `http://127.0.0.1:8080`.
  ///   - timeout: How long one request may take.
  public init(baseURL: URL, timeout: Duration = defaultTimeout) {
    self.init(loginURL: baseURL.appending(path: "login"), timeout: timeout)
  }

  /// Signs in.
  /// - Parameters:
  ///   - email: The account's email address.
  ///   - password: The account's password.
  /// - Returns: The account's name, email and a session token.
  /// - Throws: ``LoginError``, or `CancellationError` when the calling task is cancelled.
  public func login(email: String, password: String) async throws -> LoginResponse {
    let body: Data
    do {
      body = try JSONEncoder().encode(Credentials(email: email, password: password))
    } catch {
      throw LoginError.malformed
    }

    let reply: HTTPReply
    do {
      reply = try await endpoint.post(json: body)
    } catch {
      throw LoginError.from(error)
    }
    if reply.status == 401 { throw LoginError.invalidCredentials }
    guard reply.isSuccess else { throw LoginError.http(reply.status) }
    guard let response = try? JSONDecoder().decode(LoginResponse.self, from: reply.body) else {
      throw LoginError.malformed
    }
    return response
  }
}

/// The request body. Its description hides the password.
private struct Credentials: Encodable, CustomStringConvertible {
  let email: String
  let password: String

  var description: String { "Credentials(email: \(email), password: ••••)" }
}

extension LoginError {
  fileprivate static func from(_ failure: TransportFailure) -> any Error {
    switch failure {
    case .timeout: LoginError.timeout
    case .unreachable: LoginError.unreachable
    case .truncated, .malformed: LoginError.malformed
    case .cancelled: CancellationError()
    }
  }
}
