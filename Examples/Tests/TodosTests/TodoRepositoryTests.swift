import Foundation
import GRDB
import Testing
import Todos

@Suite("TodoRepository on a temporary SQLite file")
struct TodoRepositoryTests {
  @Test func addToggleDeleteAndListAll() async throws {
    try await withTemporaryFolder { folder in
      let repository = try TodoRepository(url: folder.databaseURL)
      #expect(try await repository.all().isEmpty)

      let milk = try await repository.add(title: "  Buy milk \n")
      let bread = try await repository.add(title: "Bake bread")
      #expect(milk.title == "Buy milk")
      #expect(!milk.isDone)
      #expect(bread.id > milk.id)
      #expect(try await repository.all() == [milk, bread])

      try await repository.setDone(id: milk.id, true)
      #expect(try await repository.all().map(\.isDone) == [true, false])
      try await repository.setDone(id: milk.id, false)
      #expect(try await repository.all().map(\.isDone) == [false, false])

      try await repository.delete(id: milk.id)
      #expect(try await repository.all() == [bread])
    }
  }

  @Test func aNoteIsSavedWithItsLinesAndSurvivesReopening() async throws {
    try await withTemporaryFolder { folder in
      let milk = try await TodoRepository(url: folder.databaseURL).add(title: "milk")
      #expect(milk.note == "")
      let noted = try await TodoRepository(url: folder.databaseURL)
        .setNote(id: milk.id, "oat, not cow\n2 litres")
      #expect(noted.note == "oat, not cow\n2 litres")
      let reopened = try TodoRepository(url: folder.databaseURL)
      #expect(try await reopened.all().map(\.note) == ["oat, not cow\n2 litres"])
      await #expect(throws: TodoStoreError.notFound(id: 99)) {
        try await reopened.setNote(id: 99, "x")
      }
    }
  }

  /// A file written before notes existed gets the column, its todos an empty note, and rows
  /// that another program inserts without a note still read.
  @Test func aFileFromBeforeNotesIsMigratedAndKeepsItsTodos() async throws {
    try await withTemporaryFolder { folder in
      let old = try DatabaseQueue(path: folder.databaseURL.path)
      try await old.write { db in
        try db.execute(
          sql: """
            CREATE TABLE todo (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
              isDone BOOLEAN NOT NULL DEFAULT 0, createdAt DATETIME NOT NULL);
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1: create todo'), ('v2: mark the file as this app''s');
            INSERT INTO todo (title, isDone, createdAt) VALUES ('milk', 1, '2026-01-01 10:00:00.000');
            """)
        try db.execute(sql: "PRAGMA application_id = 1297503300")  // Todos' mark, "MVTD"
      }
      try old.close()
      let repository = try TodoRepository(url: folder.databaseURL)
      let todos = try await repository.all()
      #expect(todos.map(\.title) == ["milk"])
      #expect(todos.map(\.note) == [""])
      let other = try DatabaseQueue(path: folder.databaseURL.path)
      try await other.write { db in
        try db.execute(
          sql:
            "INSERT INTO todo (title, isDone, createdAt) VALUES ('bread', 0, '2026-01-02 10:00:00.000')"
        )
      }
      #expect(try await repository.all().map(\.title) == ["milk", "bread"])
    }
  }

  @Test func aFileDeletedWhileOpenSaysSoNotReadOnly() async throws {
    try await withTemporaryFolder { folder in
      let repository = try TodoRepository(url: folder.databaseURL)
      try await repository.add(title: "milk")
      try FileManager.default.removeItem(at: folder.databaseURL)
      let path = folder.databaseURL.path(percentEncoded: false)
      await #expect(throws: TodoStoreError.moved(path: path)) {
        try await repository.add(title: "bread")
      }
      #expect(TodoStoreError.moved(path: path).description.contains("was deleted or moved"))
    }
  }

  @Test func todosSurviveReopeningTheFile() async throws {
    try await withTemporaryFolder { folder in
      let first = try TodoRepository(url: folder.databaseURL)
      let added = try await first.add(title: "Water the plants")
      try await first.setDone(id: added.id, true)

      let reopened = try TodoRepository(url: folder.databaseURL)
      var expected = added
      expected.isDone = true
      #expect(try await reopened.all() == [expected])
    }
  }

  @Test(arguments: ["", "   ", "\n\t "])
  func emptyTitlesAreRejected(title: String) async throws {
    try await withTemporaryFolder { folder in
      let repository = try TodoRepository(url: folder.databaseURL)
      await #expect(throws: TodoStoreError.emptyTitle) { try await repository.add(title: title) }
      #expect(try await repository.all().isEmpty)
    }
  }

  @Test func unknownIDsAreNotFound() async throws {
    try await withTemporaryFolder { folder in
      let repository = try TodoRepository(url: folder.databaseURL)
      await #expect(throws: TodoStoreError.notFound(id: 42)) {
        try await repository.setDone(id: 42, true)
      }
      await #expect(throws: TodoStoreError.notFound(id: 42)) {
        try await repository.delete(id: 42)
      }
    }
  }

  @Test func aReadOnlyFileCanBeReadButNotChanged() async throws {
    try await withTemporaryFolder { folder in
      let url = folder.databaseURL
      let path = url.path(percentEncoded: false)
      let added = try await TodoRepository(url: url).add(title: "Read me")
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
      }

      let repository = try TodoRepository(url: url)
      #expect(try await repository.all() == [added])
      await #expect(throws: TodoStoreError.readOnly(path: path)) {
        try await repository.add(title: "Write me")
      }
      await #expect(throws: TodoStoreError.readOnly(path: path)) {
        try await repository.setDone(id: added.id, true)
      }
    }
  }

  @Test func aFileThatIsNotADatabaseIsCorrupt() async throws {
    try await withTemporaryFolder { folder in
      let url = folder.databaseURL
      let garbage = String(repeating: "This is a shopping list, not a database.\n", count: 50)
      try Data(garbage.utf8).write(to: url)
      #expect(throws: TodoStoreError.corrupt(path: url.path(percentEncoded: false))) {
        try TodoRepository(url: url)
      }
    }
  }

  @Test func aDatabaseLockedByAnotherConnectionIsLocked() async throws {
    try await withTemporaryFolder { folder in
      let url = folder.databaseURL
      let path = url.path(percentEncoded: false)
      let repository = try TodoRepository(url: url, busyTimeout: .milliseconds(50))

      // Another program holds an exclusive lock, as `sqlite3` would inside BEGIN EXCLUSIVE.
      var configuration = Configuration()
      configuration.allowsUnsafeTransactions = true
      let other = try DatabaseQueue(path: path, configuration: configuration)
      try other.inDatabase { try $0.execute(sql: "BEGIN EXCLUSIVE TRANSACTION") }

      await #expect(throws: TodoStoreError.locked(path: path)) {
        try await repository.add(title: "Blocked")
      }
      await #expect(throws: TodoStoreError.locked(path: path)) { try await repository.all() }

      try other.inDatabase { try $0.execute(sql: "ROLLBACK") }
      #expect(try await repository.add(title: "Unblocked").title == "Unblocked")
    }
  }

  @Test func aFolderThatCannotBeCreatedIsATypedError() async throws {
    try await withTemporaryFolder { folder in
      // A regular file stands where a folder is needed, which no user, not even root, can fix.
      let blocker = folder.url.appending(path: "not-a-folder")
      try Data("x".utf8).write(to: blocker)
      let url = blocker.appending(path: "mvikit/todos.sqlite")
      #expect {
        try TodoRepository(url: url)
      } throws: { error in
        guard case .directoryUnavailable(let path, let reason) = error as? TodoStoreError else {
          return false
        }
        return path.hasSuffix("not-a-folder/mvikit")
          && reason.hasSuffix("not-a-folder is a file, not a folder.")
      }
    }
  }

  @Test func aFolderAsTheFileCannotBeOpened() async throws {
    try await withTemporaryFolder { folder in
      let url = folder.url.appending(path: "a-folder")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      #expect(throws: TodoStoreError.self) { try TodoRepository(url: url) }
    }
  }

  @Test func missingFoldersAreCreated() async throws {
    try await withTemporaryFolder { folder in
      let url = folder.url.appending(path: "a/b/c/todos.sqlite")
      let repository = try TodoRepository(url: url)
      _ = try await repository.add(title: "Nested")
      #expect(FileManager.default.fileExists(atPath: url.path(percentEncoded: false)))
    }
  }

  @Test(arguments: [
    (["XDG_DATA_HOME": "/data", "HOME": "/home/ada"], "/data/mvikit/todos.sqlite"),
    (["HOME": "/home/ada"], "/home/ada/.local/share/mvikit/todos.sqlite"),
    (["XDG_DATA_HOME": "", "HOME": "/home/ada"], "/home/ada/.local/share/mvikit/todos.sqlite"),
    (["XDG_DATA_HOME": "rel", "HOME": "/home/ada"], "/home/ada/.local/share/mvikit/todos.sqlite"),
  ])
  func defaultLocationFollowsXDG(environment: [String: String], expected: String) {
    let url = TodoDatabaseLocation.defaultURL(environment: environment)
    #expect(url.path(percentEncoded: false) == expected)
  }

  @Test(arguments: [
    TodoStoreError.emptyTitle, .notFound(id: 3), .readOnly(path: "/x/todos.sqlite"),
    .locked(path: "/x/todos.sqlite"), .corrupt(path: "/x/todos.sqlite"),
    .directoryUnavailable(path: "/x", reason: "Not a directory"),
    .cannotOpen(path: "/x/todos.sqlite"), .database("disk I/O error"),
  ])
  func errorsReadWell(error: TodoStoreError) {
    #expect(error.description.first?.isUppercase == true)
    #expect(error.description.count > 15)
  }
}
