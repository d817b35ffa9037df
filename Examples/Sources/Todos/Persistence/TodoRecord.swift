import Foundation
import GRDB

/// The `todo` table's row. Kept apart from ``Todo`` so the entity doesn't expose GRDB and
/// always has an id.
struct TodoRecord: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "todo"

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let isDone = Column(CodingKeys.isDone)
  }

  var id: Int64?
  var title: String
  var isDone: Bool
  var createdAt: Date

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  var todo: Todo {
    Todo(id: id ?? 0, title: title, isDone: isDone, createdAt: createdAt)
  }
}
