/// What the Todos model needs from the outside world: the list as it changes, and each write.
///
/// A struct of closures, as every sample's dependency is. ``init(repository:)`` and
/// ``init(opening:)`` are the live values, over the SQLite file; a test makes its own with
/// ``init(changes:add:setDone:rename:delete:deleteCompleted:restore:setNote:)``, so the model's tests
/// need no database. Each call throws ``TodoStoreError`` or any error to show on screen.
public struct TodoStorage: Sendable {
  /// The to-dos now, then again after every change, until the iterating task is cancelled.
  public var changes: @Sendable () async throws -> AsyncThrowingStream<TodoList, any Error>
  /// Adds a to-do with a title (trimmed; an empty one is refused) and returns it.
  public var add: @Sendable (_ title: String) async throws -> Todo
  /// Marks a to-do done or not done.
  public var setDone: @Sendable (_ id: Int64, _ isDone: Bool) async throws -> Void
  /// Renames a to-do and returns it.
  public var rename: @Sendable (_ id: Int64, _ title: String) async throws -> Todo
  /// Deletes a to-do and returns it, for undo.
  public var delete: @Sendable (_ id: Int64) async throws -> Todo
  /// Deletes every done to-do and returns them, for undo.
  public var deleteCompleted: @Sendable () async throws -> [Todo]
  /// Puts deleted to-dos back as they were: same ids, states and dates.
  public var restore: @Sendable (_ todos: [Todo]) async throws -> Void
  /// Replaces a to-do's note; returns the to-do as saved.
  public var setNote: @Sendable (_ id: Int64, _ note: String) async throws -> Todo

  /// A storage made of its parts, for tests and previews.
  public init(
    changes: @escaping @Sendable () async throws -> AsyncThrowingStream<TodoList, any Error>,
    add: @escaping @Sendable (_ title: String) async throws -> Todo,
    setDone: @escaping @Sendable (_ id: Int64, _ isDone: Bool) async throws -> Void,
    rename: @escaping @Sendable (_ id: Int64, _ title: String) async throws -> Todo,
    delete: @escaping @Sendable (_ id: Int64) async throws -> Todo,
    deleteCompleted: @escaping @Sendable () async throws -> [Todo],
    restore: @escaping @Sendable (_ todos: [Todo]) async throws -> Void,
    setNote: @escaping @Sendable (_ id: Int64, _ note: String) async throws -> Todo
  ) {
    self.changes = changes
    self.add = add
    self.setDone = setDone
    self.rename = rename
    self.delete = delete
    self.deleteCompleted = deleteCompleted
    self.restore = restore
    self.setNote = setNote
  }

  /// The live storage over an open database.
  public init(repository: TodoRepository) {
    self.init(opening: { repository })
  }

  /// The live storage over a database that `open` opens on first use (the screen appears, or
  /// a row is saved), not before: merely making the storage creates no file. When it cannot
  /// be opened, every call throws why, and the screen says so instead of failing the app.
  public init(opening open: @escaping @Sendable () throws -> TodoRepository) {
    let database = LazyRepository(open)
    self.init(
      changes: { try database.get().changes() },
      add: { try await database.get().add(title: $0) },
      setDone: { try await database.get().setDone(id: $0, $1) },
      rename: { try await database.get().rename(id: $0, to: $1) },
      delete: { try await database.get().delete(id: $0) },
      deleteCompleted: { try await database.get().deleteCompleted() },
      restore: { try await database.get().restore($0) },
      setNote: { try await database.get().setNote(id: $0, $1) })
  }
}
