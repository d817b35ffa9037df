import GRDB

/// The schema of the to-do database, one migration per change. Never edit a shipped migration:
/// add a new one.
enum TodoMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration(first) { db in
      try db.create(table: TodoRecord.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("title", .text).notNull()
        table.column("isDone", .boolean).notNull().defaults(to: false)
        table.column("createdAt", .datetime).notNull()
      }
    }
    migrator.registerMigration("v2: mark the file as this app's") { db in
      try db.execute(sql: "PRAGMA application_id = \(TodoFileMark.applicationID)")
    }
    // A default, so that rows another program inserts without a note still read.
    migrator.registerMigration("v3: a note per todo") { db in
      try db.alter(table: TodoRecord.databaseTableName) { table in
        table.add(column: "note", .text).notNull().defaults(to: "")
      }
    }
    return migrator
  }

  /// The first migration's name, which every file this app made records.
  static let first = "v1: create todo"
}
