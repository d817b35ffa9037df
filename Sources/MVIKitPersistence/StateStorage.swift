import Foundation

/// Where persisted state files are kept: ``FileStateStorage`` on disk, ``InMemoryStateStorage``
/// for tests and previews.
public protocol StateStorage: Sendable {
  /// The bytes of the file `name`, or nil when there is none.
  func read(_ name: String) throws -> Data?
  /// Replaces the file `name` with `data` at once: a reader, or a crash at any moment, finds
  /// the old bytes or the new, never a mix.
  func write(_ data: Data, to name: String) throws
  /// Moves the file `name` aside, to a name of its own that says when; returns that name.
  /// What cannot be read is kept this way, never overwritten.
  func moveAside(_ name: String) throws -> String
  /// Removes the file `name`, if there is one: what an app's "forget everything" does.
  func remove(_ name: String) throws
  /// Where the file `name` is, as a message to the user names it.
  func location(of name: String) -> String
}

extension StateStorage {
  /// The file's name.
  public func location(of name: String) -> String { name }

  /// The name a file moved aside at `date` takes: `name.corrupt-20261126T231500Z`.
  static func asideName(_ name: String, at date: Date) -> String {
    var format = Date.ISO8601FormatStyle()
    format = format.dateSeparator(.omitted).timeSeparator(.omitted)
    return name + ".corrupt-" + date.formatted(format)
  }
}
