import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File names that are not valid UTF-8 (`café.wav` written in Latin-1 by an older system),
/// kept whole in a `String`.
///
/// Linux file names are bytes. Foundation there turns bytes that are not UTF-8 into U+FFFD,
/// after which the file cannot be found again. Here each such byte is kept as the
/// private-use character U+F700 + byte (U+F780…U+F7FF), as some systems do, so that a path
/// goes through `URL` and the model unchanged and ``bytes(of:)`` gives the file system's bytes
/// back. A name that really holds one of those characters has its bytes kept the same way, so
/// that nothing is ambiguous. Paths without them, nearly all, take Foundation's usual way.
public enum RawFileName {
  private static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF

  /// `bytes` as a path string, with each byte that is not part of valid UTF-8 kept as its
  /// private-use character.
  static func string(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      var parser = Unicode.UTF8.ForwardParser()
      var input = bytes[index...].makeIterator()
      switch parser.parseScalar(from: &input) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if escapes.contains(scalar.value) {
          for byte in encoded { scalars.append(escape(byte)) }
        } else {
          scalars.append(scalar)
        }
        index += encoded.count
      case .error(let length):
        for byte in bytes[index..<index + length] { scalars.append(escape(byte)) }
        index += length
      case .emptyInput:
        index = bytes.count
      }
    }
    return String(scalars)
  }

  /// The file system's bytes of `path`: each kept byte back as it was.
  static func bytes(of path: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if escapes.contains(scalar.value) {
        bytes.append(UInt8(scalar.value - 0xF700))
      } else {
        bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Whether `path` holds bytes that are not UTF-8, so Foundation cannot reach the file.
  static func isRaw(_ path: String) -> Bool {
    path.unicodeScalars.contains { escapes.contains($0.value) }
  }

  /// `path` for a person to read: each kept byte as `\xE9`.
  public static func display(_ path: String) -> String {
    guard isRaw(path) else { return path }
    return path.unicodeScalars.map { scalar in
      escapes.contains(scalar.value)
        ? "\\x" + String(scalar.value - 0xF700, radix: 16, uppercase: true) : String(scalar)
    }.joined()
  }

  /// The names in the folder at `path`, read as bytes so that none is lost or changed; nil
  /// when the folder cannot be read.
  static func names(in path: String) -> [String]? {
    guard let folder = withCPath(path, { opendir($0) }) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(string(name)) }
    }
    return names
  }

  /// Whether a file is at `path`, and whether it is a folder (following symbolic links).
  static func fileExists(_ path: String) -> (exists: Bool, isFolder: Bool) {
    guard isRaw(path) else {
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      return (exists, isFolder.boolValue)
    }
    var status = stat()
    guard withCPath(path, { stat($0, &status) }) == 0 else { return (false, false) }
    return (true, status.st_mode & S_IFMT == S_IFDIR)
  }

  /// The whole file at `url`.
  static func contents(of url: URL) throws -> Data {
    guard isRaw(url.path) else { return try Data(contentsOf: url, options: .mappedIfSafe) }
    let handle = try openFile(url.path, O_RDONLY)
    defer { try? handle.close() }
    return try handle.readToEnd() ?? Data()
  }

  /// Opens the file at `path` by its bytes, with `open(2)`'s `flags` and `mode`.
  /// - Throws: The `POSIXError` of `errno` (`EEXIST` for an exclusive create that found one).
  static func openFile(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> FileHandle {
    let descriptor = withCPath(path) { open($0, flags, mode) }
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Removes the file at `path`, by its bytes; quietly, when there is none.
  static func remove(_ path: String) {
    _ = withCPath(path) { unlink($0) }
  }

  /// Runs `body` with the file system's C string for `path`.
  static func withCPath<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws -> Result
  ) rethrows -> Result {
    var bytes = bytes(of: path).map { CChar(bitPattern: $0) }
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }

  /// The command-line argument that Foundation read as `argument`, with its bytes kept: an
  /// argument that is not UTF-8 comes back whole instead of with U+FFFD in it.
  public static func argument(_ argument: String) -> String {
    guard argument.unicodeScalars.contains("\u{FFFD}") else { return argument }
    for index in 0..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
        UInt8(bitPattern: $0)
      }
      if String(decoding: bytes, as: UTF8.self) == argument { return string(bytes) }
    }
    return argument
  }

  private static func escape(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(0xF700 + UInt32(byte))!
  }
}
