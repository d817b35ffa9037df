import Foundation
import GRDB
import Synchronization

/// Stores to-dos in an SQLite file.
///
/// ```swift
/// let repository = try TodoRepository()  // ~/.local/share/mvikit/todos.sqlite
/// let todo = try await repository.add(title: "Buy milk")
/// try await repository.setDone(id: todo.id, true)
/// ```
///
/// Every failure is a ``TodoStoreError`` (or `CancellationError` when the calling task is
/// cancelled). A file whose permissions forbid writing is opened read-only, even for root:
/// reading works and every change fails with ``TodoStoreError/readOnly(path:)``.
public struct TodoRepository: Sendable {
  /// How long to wait for another program's lock before failing with
  /// ``TodoStoreError/locked(path:)``, when none is given.
  public static let defaultBusyTimeout: Duration = .seconds(5)

  /// The database file.
  public let url: URL
  private let queue: DatabaseQueue

  /// Opens, creating if needed, the database at the default location of
  /// ``TodoDatabaseLocation/defaultURL(environment:)``.
  /// - Throws: ``TodoStoreError``.
  public init(busyTimeout: Duration = defaultBusyTimeout) throws {
    try self.init(url: TodoDatabaseLocation.defaultURL(), busyTimeout: busyTimeout)
  }

  /// Opens the database at `url`, creating its folder and file if needed, and migrates it.
  /// - Parameters:
  ///   - url: A file URL for the SQLite file.
  ///   - busyTimeout: How long to wait for another connection's lock.
  /// - Throws: ``TodoStoreError``.
  public init(url: URL, busyTimeout: Duration = defaultBusyTimeout) throws {
    self.url = url
    let path = url.path(percentEncoded: false)
    try Self.createFolder(of: url)
    let readOnly = Self.isWriteProtected(path)

    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout.seconds)
    configuration.readonly = readOnly
    configuration.label = "mvikit.todos"
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      guard try queue.read(TodoFileMark.isOurs) else { throw TodoStoreError.foreign(path: path) }
      let migrator = TodoMigrations.migrator
      if readOnly {
        guard try queue.read(migrator.hasCompletedMigrations) else {
          throw TodoStoreError.readOnly(path: path)
        }
      } else {
        try migrator.migrate(queue)
      }
    } catch {
      throw TodoStoreError.wrap(error, path: path)
    }
  }

  /// All to-dos, oldest first.
  public func all() async throws -> [Todo] {
    try await read(Self.fetchAll).todos
  }

  /// Every row that reads as a to-do; the others are counted, so that one bad row written by
  /// another program neither hides the rest nor stops the live view.
  private static func fetchAll(_ db: Database) throws -> TodoList {
    let rows = try Row.fetchAll(db, TodoRecord.order(TodoRecord.Columns.id))
    var list = TodoList(todos: [])
    for row in rows {
      if let record = try? TodoRecord(row: row) {
        list.todos.append(record.todo)
      } else {
        list.unreadable += 1
      }
    }
    return list
  }

  /// Adds a to-do that is not done yet.
  /// - Parameter title: What to do; surrounding whitespace is trimmed.
  /// - Returns: The stored to-do with its new id.
  /// - Throws: ``TodoStoreError/emptyTitle`` for an empty or whitespace-only title.
  @discardableResult
  public func add(title: String) async throws -> Todo {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw TodoStoreError.emptyTitle }
    return try await write { db in
      var record = TodoRecord(id: nil, title: trimmed, isDone: false, createdAt: Date())
      try record.insert(db)
      // Read it back so the date has the precision the file keeps.
      guard let stored = try TodoRecord.fetchOne(db, key: record.id) else {
        throw TodoStoreError.database("The new to-do could not be read back.")
      }
      return stored.todo
    }
  }

  /// Marks a to-do done or not done.
  /// - Throws: ``TodoStoreError/notFound(id:)`` when no to-do has this id.
  public func setDone(id: Int64, _ isDone: Bool) async throws {
    try await write { db in
      let changed = try TodoRecord.filter(key: id)
        .updateAll(db, TodoRecord.Columns.isDone.set(to: isDone))
      guard changed > 0 else { throw TodoStoreError.notFound(id: id) }
    }
  }

  /// Deletes a to-do.
  /// - Returns: The deleted to-do, to put back with ``restore(_:)``.
  /// - Throws: ``TodoStoreError/notFound(id:)`` when no to-do has this id.
  @discardableResult
  public func delete(id: Int64) async throws -> Todo {
    try await write { db in
      guard let record = try TodoRecord.fetchOne(db, key: id), try record.delete(db) else {
        throw TodoStoreError.notFound(id: id)
      }
      return record.todo
    }
  }

  /// Deletes every to-do that is done and reads as a to-do. A done row that another program
  /// wrote and that does not read as one (a date that is not a date) is left alone, as the
  /// list leaves it: what is deleted is exactly what can be put back.
  /// - Returns: The deleted to-dos, oldest first.
  @discardableResult
  public func deleteCompleted() async throws -> [Todo] {
    try await write { db in
      let done = TodoRecord.filter(TodoRecord.Columns.isDone == true)
        .order(TodoRecord.Columns.id)
      let records = try Row.fetchAll(db, done).compactMap { try? TodoRecord(row: $0) }
      let ids = records.compactMap(\.id)
      try TodoRecord.filter(keys: ids).deleteAll(db)
      return records.map(\.todo)
    }
  }

  /// Puts deleted to-dos back with their ids, titles, states and dates, in one transaction.
  /// - Throws: ``TodoStoreError/database(_:)`` when an id is taken again meanwhile.
  public func restore(_ todos: [Todo]) async throws {
    try await write { db in
      for todo in todos {
        var record = TodoRecord(todo)
        try record.insert(db)
      }
    }
  }

  /// Gives a to-do a new title.
  /// - Returns: The renamed to-do.
  /// - Throws: ``TodoStoreError/emptyTitle``, or ``TodoStoreError/notFound(id:)``.
  @discardableResult
  public func rename(id: Int64, to title: String) async throws -> Todo {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw TodoStoreError.emptyTitle }
    return try await write { db in
      guard var record = try TodoRecord.fetchOne(db, key: id) else {
        throw TodoStoreError.notFound(id: id)
      }
      record.title = trimmed
      try record.update(db)
      return record.todo
    }
  }

  /// Replaces a to-do's note.
  /// - Returns: The to-do with its new note.
  /// - Throws: ``TodoStoreError/notFound(id:)``.
  @discardableResult
  public func setNote(id: Int64, _ note: String) async throws -> Todo {
    try await write { db in
      guard var record = try TodoRecord.fetchOne(db, key: id) else {
        throw TodoStoreError.notFound(id: id)
      }
      record.note = note
      try record.update(db)
      return record.todo
    }
  }

  /// The to-dos now (with how many rows could not be read), then again after every change, made by this program (through GRDB's
  /// `ValueObservation`) or by any other (another connection, the `sqlite3` tool), until the
  /// iterating task is cancelled.
  ///
  /// `ValueObservation` sees only this connection's writes, so another program's commits are
  /// found by polling SQLite's `data_version`, which changes with each of them.
  /// - Parameter pollInterval: How often other programs' changes are looked for.
  public func changes(pollInterval: Duration = .milliseconds(250)) -> AsyncThrowingStream<
    TodoList, any Error
  > {
    let (stream, continuation) = AsyncThrowingStream<TodoList, any Error>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let observation = ValueObservation.tracking(Self.fetchAll)
    let path = url.path(percentEncoded: false)
    let last = LastValue()
    let deliver: @Sendable (TodoList) -> Void = { todos in
      if last.replace(with: todos) { continuation.yield(todos) }
    }
    // A file made read-only or immutable for a while, or a full disk, interrupts the watch;
    // it goes on once the file can be used again, so the list does not freeze for good.
    let own = Task { [queue] in
      while !Task.isCancelled {
        do {
          for try await todos in observation.values(in: queue) { deliver(todos) }
          return
        } catch {
          let wrapped = TodoStoreError.wrap(error, path: path)
          guard TodoStoreError.isTransient(wrapped), !Task.isCancelled else {
            return continuation.finish(throwing: wrapped)
          }
          try? await Task.sleep(for: pollInterval)
        }
      }
    }
    let others = Task { [queue] in
      // The version and the list are read together first, so that no commit falls between
      // what is shown and the version it is compared with.
      var version: Int?
      while !Task.isCancelled {
        do {
          let seen = version
          let (now, todos) = try await queue.read { db in
            let now = try Int.fetchOne(db, sql: "PRAGMA data_version")
            return (now, seen == nil || now != seen ? try Self.fetchAll(db) : nil)
          }
          if let todos { deliver(todos) }
          version = now
          try await Task.sleep(for: pollInterval)
        } catch is CancellationError {
          return
        } catch {
          let wrapped = TodoStoreError.wrap(error, path: path)
          guard TodoStoreError.isTransient(wrapped) else {
            return continuation.finish(throwing: wrapped)
          }
          try? await Task.sleep(for: pollInterval)
        }
      }
    }
    continuation.onTermination = { _ in
      own.cancel()
      others.cancel()
    }
    return stream
  }

  // MARK: - Private

  /// The list last delivered, so that a change seen both ways is delivered once.
  private final class LastValue: Sendable {
    private let value = Mutex<TodoList?>(nil)

    /// Stores `todos`; whether they differ from the last ones.
    func replace(with todos: TodoList) -> Bool {
      value.withLock { last in
        guard last != todos else { return false }
        last = todos
        return true
      }
    }
  }

  private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
    -> T
  {
    do {
      return try await queue.read(body)
    } catch {
      throw TodoStoreError.wrap(error, path: url.path(percentEncoded: false))
    }
  }

  private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
    -> T
  {
    do {
      return try await queue.write(body)
    } catch {
      throw TodoStoreError.wrap(error, path: url.path(percentEncoded: false))
    }
  }

  private static func createFolder(of url: URL) throws {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw TodoStoreError.directoryUnavailable(
        path: folder.standardizedFileURL.path(percentEncoded: false).trimmingSuffix("/"),
        reason: FolderFailure.reason(for: error, creating: folder))
    }
  }

  /// Whether the file exists and no one may write it by its permission bits. Checked on the
  /// bits rather than with `access(2)`, which always says yes to root.
  private static func isWriteProtected(_ path: String) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let permissions = attributes[.posixPermissions] as? NSNumber
    else { return false }
    return permissions.intValue & 0o222 == 0
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    count > suffix.count && hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}

extension Duration {
  fileprivate var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
