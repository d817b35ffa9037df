import Foundation
import GRDB

/// The `todo` table's row. Kept apart from ``Todo`` so the entity doesn't expose GRDB and
/// always has an id.
struct TodoRecord: Codable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "todo"

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let isDone = Column(CodingKeys.isDone)
    static let title = Column(CodingKeys.title)
  }

  var id: Int64?
  var title: String
  var isDone: Bool
  var createdAt: Date
  var note = ""

  /// The record of a to-do that already has an id, to put it back after a delete.
  init(_ todo: Todo) {
    id = todo.id
    title = todo.title
    isDone = todo.isDone
    createdAt = todo.createdAt
    note = todo.note
  }

  init(id: Int64?, title: String, isDone: Bool, createdAt: Date) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.createdAt = createdAt
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }

  var todo: Todo {
    Todo(id: id ?? 0, title: title, isDone: isDone, createdAt: createdAt, note: note)
  }
}
