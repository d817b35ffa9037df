import GRDB

/// The schema of the to-do database, one migration per change. Never edit a shipped migration:
/// add a new one.
enum TodoMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: create todo") { db in
      try db.create(table: TodoRecord.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("title", .text).notNull()
        table.column("isDone", .boolean).notNull().defaults(to: false)
        table.column("createdAt", .datetime).notNull()
      }
    }
    return migrator
  }
}
