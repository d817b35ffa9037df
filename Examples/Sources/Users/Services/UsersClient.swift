import ExampleHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads users over HTTP from the demo server or from jsonplaceholder.
///
/// ```swift
/// let client = UsersClient(baseURL: server.baseURL)
/// let users = try await client.fetchUsers()
/// ```
public struct UsersClient: Sendable {
  /// The timeout used when none is given.
  public static let defaultTimeout: Duration = .seconds(10)

  /// The public jsonplaceholder users endpoint, for running the sample against the internet.
  public static let jsonPlaceholderUsersURL = URL(
    string: "https://jsonplaceholder.typicode.com/users")!

  /// The URL that lists all users; `/{id}` appended to it names one user.
  public var usersURL: URL
  /// How long one request may take before it fails with ``UsersError/timeout``.
  public var timeout: Duration {
    get { transport.timeout }
    set { transport = HTTPTransport(timeout: newValue) }
  }
  private var transport: HTTPTransport

  /// Creates a client for an explicit users URL.
  /// - Parameters:
  ///   - usersURL: The URL that lists all users, such as `http://127.0.0.1:8080/users`.
  ///   - timeout: How long one request may take.
  public init(usersURL: URL, timeout: Duration = defaultTimeout) {
    self.usersURL = usersURL
    self.transport = HTTPTransport(timeout: timeout)
  }

  /// Creates a client for a server's `/users` route, such as the embedded demo server's.
  /// - Parameters:
  ///   - baseURL: The server's root URL, such as `http://127.0.0.1:8080`.
  ///   - timeout: How long one request may take.
  public init(baseURL: URL, timeout: Duration = defaultTimeout) {
    self.init(usersURL: baseURL.appending(path: "users"), timeout: timeout)
  }

  /// A client for jsonplaceholder on the internet.
  /// - Parameter timeout: How long one request may take.
  public static func jsonPlaceholder(timeout: Duration = defaultTimeout) -> UsersClient {
    UsersClient(usersURL: jsonPlaceholderUsersURL, timeout: timeout)
  }

  /// Loads all users.
  /// - Throws: ``UsersError``, or `CancellationError` when the calling task is cancelled.
  public func fetchUsers() async throws -> [User] {
    try await get([User].self, from: usersURL)
  }

  /// Loads one user; an unknown id fails with ``UsersError/http(_:)`` 404.
  /// - Throws: ``UsersError``, or `CancellationError` when the calling task is cancelled.
  public func fetchUser(id: Int) async throws -> User {
    try await get(User.self, from: usersURL.appending(path: String(id)))
  }

  private func get<Value: Decodable>(_ type: Value.Type, from url: URL) async throws -> Value {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let reply: HTTPReply
    do {
      reply = try await transport.send(request)
    } catch {
      throw UsersError.from(error)
    }
    guard reply.isSuccess else { throw UsersError.http(reply.status) }
    do {
      return try JSONDecoder().decode(Value.self, from: reply.body)
    } catch {
      throw UsersError.malformed(decodingSummary(error))
    }
  }
}

extension UsersError {
  fileprivate static func from(_ failure: TransportFailure) -> any Error {
    switch failure {
    case .timeout: UsersError.timeout
    case .unreachable(let reason): UsersError.unreachable(reason)
    case .truncated: UsersError.malformed("the connection closed before all of it arrived")
    case .malformed(let reason): UsersError.malformed(reason)
    case .cancelled: CancellationError()
    }
  }
}
