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

  /// Whether this machine can make a file immutable (`chattr +i` needs root and ext4 or alike).
  nonisolated static let canMakeImmutable: Bool = {
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "immutable-probe-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
    defer {
      _ = try? Process.run(URL(fileURLWithPath: "/usr/bin/chattr"), arguments: ["-i", probe.path])
        .waitUntilExit()
      try? FileManager.default.removeItem(at: probe)
    }
    guard
      let chattr = try? Process.run(
        URL(fileURLWithPath: "/usr/bin/chattr"), arguments: ["+i", probe.path])
    else { return false }
    chattr.waitUntilExit()
    return chattr.terminationStatus == 0
  }()

  func chattr(_ flag: String) async throws {
    try await Tool.run("chattr", [flag, file.path])
  }

  @Test(.enabled(if: canMakeImmutable, "chattr +i is not available here"))
  func aFileMadeImmutableWhileOpenSaysSoAndSavesAgainOnceWritable() async throws {
    let repository = try TodoRepository(url: file)
    _ = try await repository.add(title: "milk")
    var seen: [[String]] = []
    var ended: String?
    let live = Task { @MainActor in
      do {
        for try await list in repository.changes(pollInterval: .milliseconds(20)) {
          seen.append(list.todos.map(\.title))
        }
        ended = "finished"
      } catch {
        ended = "\(error)"
      }
    }
    defer { live.cancel() }
    #expect(await waitUntil { seen.last == ["milk"] })
    try await chattr("+i")
    do {
      _ = try await repository.add(title: "bread")
      Issue.record("a write to an immutable file succeeded")
    } catch {
      let message = String(describing: error)
      #expect(message.contains(file.path), "\(message)")
      #expect(!message.contains("disk I/O error"), "\(message)")
    }
    try await Task.sleep(for: .milliseconds(100))
    try await chattr("-i")
    // Writable again: the next change is saved, the live list shows it, nothing was lost.
    _ = try await repository.add(title: "eggs")
    #expect(try await repository.all().map(\.title) == ["milk", "eggs"])
    #expect(
      await waitUntil { seen.last == ["milk", "eggs"] }, "live list: \(seen), \(ended ?? "")")
    #expect(ended == nil)
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
