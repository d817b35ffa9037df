import Foundation

/// One to-do item, as stored by ``TodoRepository``.
public struct Todo: Codable, Equatable, Hashable, Sendable, Identifiable {
  /// The row id the database assigned, unique and increasing.
  public var id: Int64
  /// What to do; never empty.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool
  /// When it was added, to the millisecond.
  public var createdAt: Date

  /// Creates a to-do item.
  public init(id: Int64, title: String, isDone: Bool = false, createdAt: Date) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.createdAt = createdAt
  }
}
