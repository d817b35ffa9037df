import ExampleTestSupport
import Foundation
import GRDB
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// Files this app did not write: rows written by another program, and databases of other
/// programs; and files made only when the app needs them.
@MainActor
@Suite struct TodoFileTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todo-files-\(UUID().uuidString)")
  var file: URL { folder.appendingPathComponent("todos.sqlite") }

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func sqlite3(_ sql: String) async throws {
    try await Tool.run("sqlite3", [file.path, sql])
  }

  func waitUntil(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
  }

  @Test func clearingDoneTodosLeavesAnUnreadableDoneRowAndClearsTheRest() async throws {
    let repository = try TodoRepository(url: file)
    let milk = try await repository.add(title: "milk")
    let bread = try await repository.add(title: "bread")
    try await repository.setDone(id: milk.id, true)
    try await sqlite3("INSERT INTO todo(title, isDone, createdAt) VALUES ('odd', 1, 'garbage')")
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    store.exhaustivity = .off
    await store.send(.loaded(TodoList(todos: try await repository.all(), unreadable: 1)))
    await store.send(.clearCompletedTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.message == nil)
    #expect(store.state.todos.map(\.title) == ["bread"])
    var doneMilk = milk
    doneMilk.isDone = true
    #expect(store.state.undo == .deleted([doneMilk]))
    // The row another program wrote is still in the file, untouched.
    #expect(try await repository.all() == [bread])
    let rows = try await DatabaseQueue(path: file.path).read { db in
      try String.fetchAll(db, sql: "SELECT title || '|' || createdAt FROM todo ORDER BY id")
    }
    #expect(rows.count == 2 && rows[0].hasPrefix("bread|") && rows[1] == "odd|garbage")
  }

  @Test func aBadOutsideRowIsCountedAndTheViewKeepsFollowingTheFile() async throws {
    let repository = try TodoRepository(url: file)
    try await repository.add(title: "milk")
    let store = Store(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    let observing = store.send(.appeared)
    #expect(await waitUntil { store.todos.map(\.title) == ["milk"] })
    try await sqlite3("INSERT INTO todo(title, isDone, createdAt) VALUES ('x', 0, 'not a date')")
    #expect(await waitUntil { store.unreadableCount == 1 })
    #expect(store.todos.map(\.title) == ["milk"])
    #expect(store.message == nil)
    // A good row written after the bad one still appears live.
    try await sqlite3(
      "INSERT INTO todo(title, isDone, createdAt) VALUES ('bread', 0, '2026-11-24 10:00:00.000')")
    #expect(await waitUntil { store.todos.map(\.title) == ["milk", "bread"] })
    try await sqlite3("DELETE FROM todo WHERE title = 'x'")
    #expect(await waitUntil { store.unreadableCount == 0 })
    #expect(store.todos.map(\.title) == ["milk", "bread"])
    observing.cancel()
    await observing.finish()
  }

  @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftByteForByteUnchanged() async throws {
    try await sqlite3(
      "CREATE TABLE todo(id INTEGER PRIMARY KEY, title TEXT); CREATE TABLE notes(body TEXT); "
        + "INSERT INTO todo VALUES (1, 'theirs');")
    let before = try Data(contentsOf: file)
    #expect(throws: TodoStoreError.foreign(path: file.path)) {
      try TodoRepository(url: file)
    }
    #expect(try Data(contentsOf: file) == before)
    #expect(
      TodoStoreError.foreign(path: file.path).description.contains("Choose another file"))
  }

  @Test func aFileOfThisAppFromBeforeTheMarkStillOpensAndIsMarked() async throws {
    try await sqlite3(
      """
      CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
      INSERT INTO grdb_migrations VALUES ('v1: create todo');
      CREATE TABLE todo (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
        isDone BOOLEAN NOT NULL DEFAULT 0, createdAt DATETIME NOT NULL);
      INSERT INTO todo(title, isDone, createdAt) VALUES ('kept', 1, '2026-11-20 08:00:00.000');
      """)
    let repository = try TodoRepository(url: file)
    #expect(try await repository.all().map(\.title) == ["kept"])
    // Marked now, so a later open takes the quick path.
    _ = try TodoRepository(url: file)
  }

  @Test func aNewFileIsMarkedAsThisAppsAndOpensAgain() async throws {
    let repository = try TodoRepository(url: file)
    try await repository.add(title: "milk")
    let reopened = try TodoRepository(url: file)
    #expect(try await reopened.all().map(\.title) == ["milk"])
    // The mark is SQLite's application_id, at offset 68 of the header, big-endian.
    let header = try Data(contentsOf: file).prefix(72)
    let mark = header.suffix(4).reduce(Int32(0)) { $0 << 8 | Int32($1) }
    #expect(mark == TodoFileMark.applicationID)
  }

  @Test func theDatabaseIsOpenedWhenTheModelFirstNeedsItAndOnce() async throws {
    let opened = Counter()
    let model = TodosModel(
      storage: TodoStorage(opening: { [file] in
        opened.increment()
        return try TodoRepository(url: file)
      }))
    let store = Store(initialState: TodosModel.State(), model: model)
    #expect(opened.value == 0)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    let observing = store.send(.appeared)
    #expect(await waitUntil { !store.isLoading })
    store.send(.draftChanged("milk"))
    await store.send(.addTapped).finish()
    #expect(store.todos.map(\.title) == ["milk"])
    #expect(opened.value == 1)
    observing.cancel()
    await observing.finish()
  }
}

/// Counts calls made from any thread.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() {
    lock.withLock { count += 1 }
  }
}
