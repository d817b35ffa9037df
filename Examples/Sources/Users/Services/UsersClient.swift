import ExampleHTTP
import Foundation

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
  public var usersURL: URL {
    get { endpoint.url }
    set { endpoint.url = newValue }
  }
  /// How long one request may take before it fails with ``UsersError/timeout``.
  public var timeout: Duration {
    get { endpoint.timeout }
    set { endpoint.timeout = newValue }
  }
  private var endpoint: JSONEndpoint

  /// Creates a client for an explicit users URL.
  /// - Parameters:
  ///   - usersURL: The URL that lists all users, such as `http://127.0.0.1:8080/users`.
  ///   - timeout: How long one request may take.
  public init(usersURL: URL, timeout: Duration = defaultTimeout) {
    endpoint = JSONEndpoint(url: usersURL, timeout: timeout)
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

  /// Loads all users; each is read on its own, so one incomplete user is skipped (and named in
  /// ``UserList/skipped``) while the others still show.
  /// - Throws: ``UsersError``, or `CancellationError` when the calling task is cancelled.
  public func fetchUsers() async throws -> UserList {
    try Self.userList(from: try await get())
  }

  /// Reads a users list, each user on its own: a list at the top, or the list an object
  /// wraps (DummyJSON's `{"users": […]}`, reqres' `{"data": […]}`).
  ///
  /// Users without a numeric id are numbered on from the largest id in the list. When not one
  /// entry can be read, the format is not supported, and the error names what a user needs.
  static func userList(from body: Data) throws(UsersError) -> UserList {
    let entries: [Decoded<ListedUser>]
    do {
      entries = try JSONDecoder().decode(
        [Decoded<ListedUser>].self, from: try usersArray(in: body))
    } catch let error as UsersError {
      throw error
    } catch {
      throw .malformed(topLevelSummary(of: body) ?? decodingSummary(error))
    }
    var list = UserList(users: [])
    var unnumbered: [Int] = []
    for (index, entry) in entries.enumerated() {
      switch entry.result {
      case .success(let listed):
        if !listed.hasID { unnumbered.append(list.users.count) }
        list.users.append(listed.user)
      case .failure(let reason): list.skipped.append("user \(index + 1): \(reason.text)")
      }
    }
    var nextID = (list.users.map(\.id).max() ?? 0) + 1
    for position in unnumbered {
      list.users[position].id = nextID
      nextID += 1
    }
    if list.users.isEmpty, let first = list.skipped.first {
      throw .unsupported(
        "none of its \(entries.count) entries could be read as a user. A user needs a name: "
          + "\(User.nameFields). The first entry: \(first.drop { $0 != ":" }.dropFirst(2))")
    }
    return list
  }

  /// Loads one user; an unknown id fails with ``UsersError/http(_:)`` 404.
  /// - Throws: ``UsersError``, or `CancellationError` when the calling task is cancelled.
  public func fetchUser(id: Int) async throws -> User {
    let body = try await get(String(id))
    do {
      return try JSONDecoder().decode(User.self, from: body)
    } catch {
      throw UsersError.malformed(decodingSummary(error))
    }
  }

  /// GETs the users URL, or `path` below it, and returns the body of a successful answer.
  private func get(_ path: String? = nil) async throws -> Data {
    let reply: HTTPReply
    do {
      reply = try await endpoint.get(path)
    } catch {
      throw UsersError.from(error)
    }
    if reply.status == 429 {
      throw UsersError.rateLimited(
        retryAfter: reply.header("Retry-After").flatMap { UsersError.retryAfterSeconds($0) })
    }
    guard reply.isSuccess else { throw UsersError.http(reply.status) }
    return reply.body
  }

  /// The members that may hold a wrapped list, in the order they are looked for.
  private static let listMembers = ["users", "data", "results", "items"]

  /// The users array of `body`: the body itself when it is an array; else the one array member
  /// of the object at the top, or its `users`, `data`, `results` or `items` member.
  private static func usersArray(in body: Data) throws -> Data {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      return body
    }
    let arrays = object.filter { $0.value is [Any] }
    let chosen =
      arrays.count == 1 ? arrays.first?.key : listMembers.first { arrays[$0] != nil }
    guard let chosen, let list = arrays[chosen] else {
      let names = arrays.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
      throw UsersError.malformed(
        arrays.isEmpty
          ? "a list of users was expected, but the object at the top holds no list"
          : "a list of users was expected, but the object at the top holds several lists "
            + "(\(names)) and none is named users, data, results or items")
    }
    return try JSONSerialization.data(withJSONObject: list)
  }

  /// Why a body is not an array of users at the top, when it is valid JSON of another kind.
  private static func topLevelSummary(of body: Data) -> String? {
    guard let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)
    else { return nil }
    switch value {
    case is [Any]: return nil
    case let object as [String: Any]:
      let arrays = object.filter { $0.value is [Any] }.keys.sorted()
      let hint = arrays.first.map { " (its \"\($0)\" member is an array)" } ?? ""
      return "a list of users was expected at the top, but it is an object\(hint)"
    default:
      return "a list of users was expected at the top, but it is a single value"
    }
  }
}

/// One element of a list, decoded on its own: a bad element is a reason, not a failed list.
private struct Decoded<Value: Decodable>: Decodable {
  let result: Result<Value, Reason>

  struct Reason: Error {
    let text: String
  }

  init(from decoder: any Decoder) throws {
    do {
      result = .success(try Value(from: decoder))
    } catch {
      result = .failure(Reason(text: decodingSummary(error, dropping: 1)))
    }
  }
}

extension UsersError {
  fileprivate static func from(_ failure: TransportFailure) -> any Error {
    switch failure {
    case .timeout: UsersError.timeout
    case .unreachable(let reason): UsersError.unreachable(reason)
    case .truncated: UsersError.cutOff
    case .malformed(let reason): UsersError.malformed(reason)
    case .cancelled: CancellationError()
    }
  }
}
