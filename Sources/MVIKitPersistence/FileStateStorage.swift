import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// State files in a folder on disk, written so that a crash or a power loss at any moment
/// leaves the old file or the new one, never a mix, and so that two processes of one app take
/// turns.
///
/// A write goes to a temporary file beside the real one, is synced to the disk (with
/// `F_FULLFSYNC` on Apple platforms, where `fsync` stops at the drive's cache), and is renamed
/// over the old file, which is one atomic step; the folder is synced after it, so the rename
/// itself survives a power loss. Writers take an exclusive lock (`flock`) on the file
/// `.name.lock` first: a temporary file found while holding it was left by a writer that
/// died, and is removed.
public struct FileStateStorage: StateStorage {
  /// The folder the files are in; made, readable by the user only, on the first write.
  public let folder: URL

  /// Files in `folder`.
  public init(folder: URL) {
    self.folder = folder
  }

  static func standardFolder(appIdentifier: String, environment: [String: String]) -> URL {
    #if canImport(Darwin)
      let base = URL.applicationSupportDirectory
    #else
      // An XDG variable that is not an absolute path is ignored, as the specification says.
      let base =
        environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(filePath: $0) : nil }
        ?? URL(filePath: environment["HOME"] ?? NSHomeDirectory()).appending(path: ".local/state")
    #endif
    return base.appending(path: appIdentifier, directoryHint: .isDirectory)
  }

  /// The file's path.
  public func location(of name: String) -> String {
    folder.appending(path: name).path
  }

  /// The bytes of the file `name`, or nil when there is none.
  public func read(_ name: String) throws -> Data? {
    let path = try file(name)
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    do {
      return try Data(contentsOf: URL(filePath: path))
    } catch {
      throw FileStateStorageError(path: path, action: "read", code: nil, underlying: error)
    }
  }

  /// Replaces the file `name` with `data`: under the lock, through a synced temporary file
  /// renamed over it.
  public func write(_ data: Data, to name: String) throws {
    let path = try file(name)
    try makeFolder()
    let lock = try open(folder.appending(path: ".\(name).lock").path, O_RDWR | O_CREAT, "lock")
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { throw failure(path, "lock") }
    removeLeftovers(of: name)
    let temporary = folder.appending(path: ".\(name).tmp-\(getpid())").path
    do {
      let descriptor = try open(temporary, O_WRONLY | O_CREAT | O_TRUNC, "write")
      defer { close(descriptor) }
      try writeAll(data, to: descriptor, path: temporary)
      guard DiskSync.platform.sync(descriptor) else { throw failure(temporary, "sync") }
      guard rename(temporary, path) == 0 else { throw failure(path, "replace") }
    } catch {
      unlink(temporary)
      throw error
    }
    // The rename is in the folder's entries: sync them too, or a power loss may undo it.
    let directory = posixOpen(folder.path, O_RDONLY)
    if directory >= 0 {
      _ = DiskSync.platform.sync(directory)
      close(directory)
    }
  }

  /// Removes the file `name`; nothing when there is none.
  public func remove(_ name: String) throws {
    let path = try file(name)
    guard unlink(path) == 0 || errno == ENOENT else { throw failure(path, "remove") }
  }

  /// Renames the file `name` to `name.corrupt-DATE` in the same folder.
  public func moveAside(_ name: String) throws -> String {
    let path = try file(name)
    var aside = Self.asideName(name, at: Date())
    while FileManager.default.fileExists(atPath: folder.appending(path: aside).path) {
      aside += "+"
    }
    guard rename(path, folder.appending(path: aside).path) == 0 else {
      throw failure(path, "move aside")
    }
    return aside
  }

  /// The path of the file `name`, once the name is known to stay in the folder.
  private func file(_ name: String) throws -> String {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
    guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains)
    else {
      throw FileStateStorageError(
        path: folder.appending(path: name).path, action: "name", code: nil, underlying: nil)
    }
    return folder.appending(path: name).path
  }

  private func makeFolder() throws {
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileStateStorageError(
        path: folder.path, action: "create the folder", code: nil, underlying: error)
    }
  }

  /// Temporary files of writers that died mid-write; only called under the lock, when no
  /// writer is writing one.
  private func removeLeftovers(of name: String) {
    let prefix = ".\(name).tmp-"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for entry in entries where entry.hasPrefix(prefix) {
      unlink(folder.appending(path: entry).path)
    }
  }

  private func open(_ path: String, _ flags: Int32, _ action: String) throws -> Int32 {
    let descriptor = posixOpen(path, flags | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(path, action) }
    return descriptor
  }

  private func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        let written = posixWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(path, "write")
        }
        offset += written
      }
    }
  }

  private func failure(_ path: String, _ action: String) -> FileStateStorageError {
    FileStateStorageError(path: path, action: action, code: errno, underlying: nil)
  }
}

/// The POSIX calls under their own names, so that the storage's own `open` and `write` do not
/// hide them.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
  open(path, flags, mode)
}

private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

extension StateStorage where Self == FileStateStorage {
  /// Files in the folder each platform keeps such files in, one per app: Application Support
  /// on Apple platforms, `$XDG_STATE_HOME` (or `~/.local/state`) elsewhere.
  ///
  /// - Parameter appIdentifier: The app's identifier, such as `org.example.Notes`.
  public static func standard(appIdentifier: String) -> FileStateStorage {
    FileStateStorage(
      folder: FileStateStorage.standardFolder(
        appIdentifier: appIdentifier, environment: ProcessInfo.processInfo.environment))
  }
}

/// A state file that could not be read, written or moved: the path, the step, and why.
public struct FileStateStorageError: Error, CustomStringConvertible {
  /// The file or folder.
  public let path: String
  /// What was being done: "read", "write", "sync", "replace", "lock", "move aside".
  public let action: String
  let code: Int32?
  let underlying: (any Error)?

  /// What was being done, to which path, and why it failed.
  public var description: String {
    if action == "name" {
      return "\(path) is not a state file name: use letters, digits, '-', '_' and '.'."
    }
    let reason =
      code.map { String(cString: strerror($0)) }
      ?? underlying.map { ($0 as NSError).localizedDescription } ?? "unknown error"
    return "Could not \(action) \(path): \(reason)."
  }
}
