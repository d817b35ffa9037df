import GRDB

/// How a to-do file says it is this app's: SQLite's `application_id` header field, set when
/// the file is made. A file this app did not make is refused before anything is written to it.
enum TodoFileMark {
  /// "MVTD" in ASCII.
  static let applicationID: Int32 = 0x4D56_5444

  /// Whether the file open in `db` may be used: it bears the mark, it is empty (new), or it is
  /// a file of this app from before the mark (only the to-do table and the migrations log).
  static func isOurs(_ db: Database) throws -> Bool {
    let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    if id == applicationID { return true }
    guard id == 0 else { return false }
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    if tables.isEmpty { return true }
    guard Set(tables) == [TodoRecord.databaseTableName, "grdb_migrations"] else { return false }
    let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    return migrations.first == TodoMigrations.first
  }
}
