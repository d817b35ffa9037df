/// Why the to-do store failed. Every case says which file, so the user can fix it.
public enum TodoStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A title was empty or only whitespace.
  case emptyTitle
  /// No to-do has this id.
  case notFound(id: Int64)
  /// The database file can't be written.
  case readOnly(path: String)
  /// The database file was deleted or moved while it was open, so nothing more can be saved
  /// to it.
  case moved(path: String)
  /// Another program held the database locked for longer than the busy timeout.
  case locked(path: String)
  /// The file is not an SQLite database, or it is damaged.
  case corrupt(path: String)
  /// The system refused to read or write the file (SQLite's "disk I/O error"): the file was
  /// made immutable, the disk is full or failing.
  case ioFailed(path: String)
  /// The folder for the database does not exist and could not be created; holds the reason.
  case directoryUnavailable(path: String, reason: String)
  /// The database file could not be opened, for example because the path is a folder.
  case cannotOpen(path: String)
  case foreign(path: String)
  /// Any other database failure; holds SQLite's message.
  case database(String)

  /// A sentence to show the user.
  public var description: String {
    switch self {
    case .emptyTitle:
      "A to-do needs a title."
    case .notFound(let id):
      "There is no to-do with id \(id); it may have been deleted."
    case .readOnly(let path):
      "The to-do file \(path) is read-only, so changes can't be saved."
    case .moved(let path):
      "The to-do file \(path) was deleted or moved while Todos had it open, so changes can't "
        + "be saved. Put it back, or quit and start again to begin a new file."
    case .locked(let path):
      "The to-do file \(path) is locked by another program. Close it and try again."
    case .ioFailed(let path):
      "The system refused to write the to-do file \(path): it may have been made immutable "
        + "(lsattr shows an i), or the disk is full. Changes are saved again once it can be written."
    case .corrupt(let path):
      "The file \(path) is not a to-do database, or it is damaged."
    case .directoryUnavailable(let path, let reason):
      "The folder \(path) for the to-do file could not be created: \(reason)"
    case .cannotOpen(let path):
      "The to-do file \(path) could not be opened."
    case .foreign(let path):
      "The file \(path) is a database of another program, so it was left untouched. "
        + "Choose another file with --todos-db."
    case .database(let message):
      "The to-do database failed: \(message)"
    }
  }
}
