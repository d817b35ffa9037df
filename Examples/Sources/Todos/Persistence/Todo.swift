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
  /// A longer note, any number of lines; empty when there is none.
  public var note: String

  /// Creates a to-do item.
  public init(id: Int64, title: String, isDone: Bool = false, createdAt: Date, note: String = "") {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.createdAt = createdAt
    self.note = note
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, isDone, createdAt, note
  }

  /// Decodes a to-do; one recorded before notes existed has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int64.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    isDone = try container.decode(Bool.self, forKey: .isDone)
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
  }
}
