import Foundation
import GRDB

extension TodoStoreError {
  /// Sorts an error from GRDB or SQLite into a store error about the file at `path`.
  /// `CancellationError` and store errors pass through unchanged.
  /// Whether `error` (as ``wrap(_:path:)`` sorts it) may pass: a file made read-only or
  /// immutable, locked or full can become writable again, so the live list keeps watching.
  static func isTransient(_ error: any Error) -> Bool {
    switch error as? TodoStoreError {
    case .readOnly, .locked, .ioFailed: true
    default: false
    }
  }

  static func wrap(_ error: any Error, path: String) -> any Error {
    if error is TodoStoreError || error is CancellationError { return error }
    guard let error = error as? DatabaseError else {
      return TodoStoreError.database(String(describing: error))
    }
    // SQLite finds the file it has open unlinked only when it writes, and says "read-only".
    if error.extendedResultCode == .SQLITE_READONLY_DBMOVED
      || (error.resultCode == .SQLITE_READONLY && !FileManager.default.fileExists(atPath: path))
    {
      return TodoStoreError.moved(path: path)
    }
    switch error.resultCode {
    case .SQLITE_READONLY, .SQLITE_PERM:
      return TodoStoreError.readOnly(path: path)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return TodoStoreError.locked(path: path)
    case .SQLITE_IOERR, .SQLITE_FULL:
      return TodoStoreError.ioFailed(path: path)
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      return TodoStoreError.corrupt(path: path)
    case .SQLITE_CANTOPEN:
      return TodoStoreError.cannotOpen(path: path)
    default:
      return TodoStoreError.database(error.message ?? "SQLite error \(error.resultCode.rawValue)")
    }
  }
}
