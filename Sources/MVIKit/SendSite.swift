/// Where the View sent an intent from: the file and line of its `store.send(_:)`, as the
/// compiler wrote them at the call.
///
/// A debugging aid shows it beside each intent from the View: the inspector's timeline says
/// `TodosView.swift:42` under `todos › addTapped`. Nothing pays for it while nothing is
/// attached: a send hands it on only when something is, and the constants it is made of are
/// not touched otherwise.
///
/// `store.send` used as a function value (`.map(store.send)`) has no call site to give: its
/// intents have ``unknown`` as their site.
public struct SendSite: Hashable, CustomStringConvertible, @unchecked Sendable {
  // A string literal's bytes and a line: constant data of the binary, read by the main actor.
  // Kept in two words rather than as a `StaticString` and a line (four): every intent that an
  // observed store queues carries a site, and past a few words the compiler copies the queued
  // intent through the runtime, field by field (a fifth more instructions per observed send).
  /// The first byte of the file's literal; nil when unknown.
  @usableFromInline let fileStart: UnsafeRawPointer?
  /// The literal's length in bytes in the high half, the line in the low half.
  @usableFromInline let lengthAndLine: UInt64

  /// The site at `fileID` (`#fileID`: `Module/File.swift`) and `line`.
  @inlinable @inline(__always)
  public init(fileID: StaticString, line: UInt) {
    // A literal is kept as bytes, as `#fileID` always is; a `StaticString` made from one
    // `Unicode.Scalar` has no bytes to point at, and reads as unknown.
    let isBytes = fileID.hasPointerRepresentation && fileID.utf8CodeUnitCount > 0
    fileStart = isBytes ? UnsafeRawPointer(fileID.utf8Start) : nil
    let length = isBytes ? UInt64(truncatingIfNeeded: fileID.utf8CodeUnitCount) : 0
    // A line past 4,294,967,295 keeps that number.
    lengthAndLine = length << 32 | UInt64(min(line, UInt(UInt32.max)))
  }

  /// The length in bytes of the file's literal; 0 when unknown.
  @usableFromInline var fileLength: Int { Int(lengthAndLine >> 32) }

  /// The line as given, also for an unknown site.
  @usableFromInline var storedLine: UInt32 { UInt32(truncatingIfNeeded: lengthAndLine) }

  /// A send with no call site known.
  @inlinable public static var unknown: SendSite {
    // Computed, not stored: a send makes it from constants, with no lazy global to check.
    SendSite(fileID: "", line: 0)
  }

  /// The file, as `#fileID` gives it (`Module/File.swift`); nil when unknown.
  public var fileID: String? {
    guard let fileStart, isKnown else { return nil }
    return String(
      decoding: UnsafeRawBufferPointer(start: fileStart, count: fileLength), as: UTF8.self)
  }

  /// The line; 0 when unknown.
  public var line: Int { isKnown ? Int(storedLine) : 0 }

  /// Whether the call site is known.
  public var isKnown: Bool { fileLength > 0 }

  /// `Module/File.swift:42`, or `unknown`.
  public var description: String {
    guard let fileID else { return "unknown" }
    return "\(fileID):\(line)"
  }

  /// Whether both name the same file and line.
  public static func == (lhs: SendSite, rhs: SendSite) -> Bool {
    lhs.fileID == rhs.fileID && lhs.line == rhs.line
  }

  /// Hashes the file and the line.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(line)
  }

}
