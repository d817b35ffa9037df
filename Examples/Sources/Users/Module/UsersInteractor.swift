import MVIKit
import MVIKitPatterns

/// The Interactor of the Users module: the one use case, fetching the users.
public struct UsersInteractor: Interactor {
  /// Fetches every user from the backend.
  public var fetchUsers: @Sendable () async throws -> UserList

  /// An interactor with any fetch, for tests and previews.
  public init(fetchUsers: @escaping @Sendable () async throws -> UserList) {
    self.fetchUsers = fetchUsers
  }

  /// An interactor that fetches over HTTP with `client`.
  public init(client: UsersClient) {
    self.init(fetchUsers: { try await client.fetchUsers() })
  }
}
