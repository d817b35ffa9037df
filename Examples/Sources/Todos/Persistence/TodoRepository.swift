import Foundation
import GRDB

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
    try await read { db in
      try TodoRecord.order(TodoRecord.Columns.id).fetchAll(db).map(\.todo)
    }
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
  /// - Throws: ``TodoStoreError/notFound(id:)`` when no to-do has this id.
  public func delete(id: Int64) async throws {
    try await write { db in
      guard try TodoRecord.deleteOne(db, key: id) else {
        throw TodoStoreError.notFound(id: id)
      }
    }
  }

  // MARK: - Private

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
