import Foundation

/// Why saved state could not be used or saved. The model hears of each once, through the
/// intent of ``PersistedState/problem``, and can show it; nothing is lost: a file that cannot
/// be read is moved aside, not overwritten.
public struct PersistenceProblem: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Equatable, Sendable, Codable {
    /// The saved file could not be read: it was moved to `movedTo`, and the state started
    /// from its defaults.
    case unreadable(movedTo: String)
    /// The saved file was written by a newer version of the app: it was moved to `movedTo`,
    /// and the state started from its defaults.
    case newerVersion(movedTo: String)
    /// The saved file could not be read, nor moved aside: it was left as it is, unchanged,
    /// and nothing is saved over it.
    case cannotMoveAside
    /// A save failed; the next change tries again.
    case saveFailed
    /// The member under `key` holds a `Secret`, which never persists: it is left out of the
    /// saved state, and the others are saved.
    case secretLeftOut(key: String)
  }

  /// What went wrong.
  public let kind: Kind
  /// What happened and what the user can do, in a sentence or two.
  public let message: String

  /// A problem of `kind`, told as `message`; for tests of how a model shows one.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// Why one member or the file could not be read or written; its text goes into the
  /// problem's message.
  enum Reason: Error, CustomStringConvertible {
    case unknownVersion(key: String, saved: Int, current: Int)
    case notStateFile
    /// The file begins as a state file but its JSON ends early: a write cut off mid-way (by
    /// a crash, a full disk, or a copy stopped half-way) leaves it so.
    case incomplete
    case empty
    case member(key: String, any Error)
    case secret(String)

    var isNewer: Bool {
      guard case .unknownVersion(_, let saved, let current) = self else { return false }
      return saved > current
    }

    var description: String {
      switch self {
      case .unknownVersion(let key, let saved, let current) where saved > current:
        "its \"\(key)\" was saved by a newer version of the app (version \(saved); this one "
          + "reads up to \(current))"
      case .unknownVersion(let key, let saved, _):
        "its \"\(key)\" is version \(saved), which this app has no migration from"
      case .notStateFile:
        "it is not a state file written by this app"
      case .incomplete:
        "it is incomplete: it begins as this app's state file but ends before its JSON does, "
          + "as a write cut off mid-way leaves it"
      case .empty:
        "it is empty"
      case .member(let key, let error):
        "its \"\(key)\" does not decode (\(PersistenceProblem.describe(error)))"
      case .secret(let key):
        "\"\(key)\" holds a Secret, which never persists"
      }
    }
  }

  /// An error's text without the values it may quote.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(let type, let context):
      "expected \(type) at \(path(context))"
    case DecodingError.valueNotFound(let type, let context):
      "no \(type) at \(path(context))"
    case DecodingError.keyNotFound(let key, let context):
      "no \"\(key.stringValue)\" at \(path(context))"
    case DecodingError.dataCorrupted(let context):
      "malformed at \(path(context))"
    case EncodingError.invalidValue(_, let context):
      context.debugDescription
    default:
      (error as NSError).localizedDescription
    }
  }

  private static func path(_ context: DecodingError.Context) -> String {
    let keys = context.codingPath.map(\.stringValue)
    return keys.isEmpty ? "the top" : keys.joined(separator: ".")
  }
}
