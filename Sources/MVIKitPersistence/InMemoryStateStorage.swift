import Foundation

/// Files kept in memory: for tests, which read what was saved, and previews.
public final class InMemoryStateStorage: StateStorage, @unchecked Sendable {
  // Unchecked: every member is reached under `lock`.
  private let lock = NSLock()
  private var files: [String: Data]
  private var writes = 0

  /// A storage holding `files`, by name.
  public init(_ files: [String: Data] = [:]) {
    self.files = files
  }

  /// The bytes of the file `name`, or nil.
  public subscript(name: String) -> Data? {
    lock.withLock { files[name] }
  }

  /// The names of the files there are.
  public var names: [String] {
    lock.withLock { files.keys.sorted() }
  }

  /// How many writes were made.
  public var writeCount: Int {
    lock.withLock { writes }
  }

  /// The bytes of the file `name`, or nil.
  public func read(_ name: String) throws -> Data? {
    self[name]
  }

  /// Replaces the file `name` with `data`, and counts the write.
  public func write(_ data: Data, to name: String) throws {
    lock.withLock {
      files[name] = data
      writes += 1
    }
  }

  /// Removes the file `name`.
  public func remove(_ name: String) throws {
    lock.withLock { _ = files.removeValue(forKey: name) }
  }

  /// Renames the file `name` to `name.corrupt-DATE`.
  public func moveAside(_ name: String) throws -> String {
    try lock.withLock {
      guard let data = files.removeValue(forKey: name) else {
        throw CocoaError(.fileNoSuchFile)
      }
      var aside = Self.asideName(name, at: Date())
      while files[aside] != nil { aside += "+" }
      files[aside] = data
      return aside
    }
  }
}
