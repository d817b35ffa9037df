/// The users a backend sent that could be read, and why the others could not.
///
/// One incomplete user (a missing `email`, say) costs that user, not the whole list.
public struct UserList: Equatable, Sendable, Codable, ExpressibleByArrayLiteral {
  /// The users that decoded, in the order the backend sent them.
  public var users: [User]
  /// One reason per user that did not decode, such as `user 4: field 'name' is missing`.
  public var skipped: [String]

  /// A list of `users`, with `skipped` naming the entries left out.
  public init(users: [User], skipped: [String] = []) {
    self.users = users
    self.skipped = skipped
  }

  /// A list of the users given, none skipped.
  public init(arrayLiteral users: User...) {
    self.init(users: users)
  }

  /// What the screen says about skipped users, or nil when none was.
  public var skippedSummary: String? {
    guard let first = skipped.first else { return nil }
    let total = users.count + skipped.count
    let more = skipped.count > 1 ? " (and \(skipped.count - 1) more)" : ""
    return "Skipped \(skipped.count) of \(total) users that could not be read: \(first)\(more)."
  }
}
