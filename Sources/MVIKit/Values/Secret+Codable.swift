/// A secret is encoded redacted, so a recording (or anything else encoded) never holds it.
///
/// It encodes as the string `Secret(••••)`. Decoding that string gives the type's
/// ``RedactedPlaceholder/redactedPlaceholder``, so a replay runs with a stand-in where the user
/// typed the secret; anything else is decoded as the value itself (a fixture written by hand).
extension Secret: Encodable where Value: Encodable {
  /// Encodes `Secret(••••)`, never the value.
  ///
  /// - Throws: `EncodingError.invalidValue` when the state is being persisted: a secret saved
  ///   as `Secret(••••)` would come back as a stand-in, so persisting one is refused instead.
  public func encode(to encoder: any Encoder) throws {
    if encoder.userInfo[.persistingState] != nil {
      throw EncodingError.invalidValue(
        Self.redactedText,
        .init(
          codingPath: encoder.codingPath,
          debugDescription:
            "a Secret never persists; leave it out of the persisted members, or keep it in the "
            + "platform's secure store"))
    }
    var container = encoder.singleValueContainer()
    try container.encode(Self.redactedText)
  }
}

extension Secret: Decodable where Value: Decodable {
  /// Decodes `Secret(••••)` as the placeholder of `Value`, anything else as the value.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a redacted secret whose `Value` has no
  ///   ``RedactedPlaceholder``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if (try? container.decode(String.self)) == Self.redactedText {
      guard let placeholder = Value.self as? any RedactedPlaceholder.Type,
        let value = placeholder.redactedPlaceholder as? Value
      else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "a redacted Secret<\(Value.self)> needs \(Value.self) to conform to RedactedPlaceholder"
        )
      }
      self.init(value)
    } else {
      self.init(try container.decode(Value.self))
    }
  }
}

extension CodingUserInfoKey {
  /// Set in the encoder's `userInfo` by state persistence, so that a ``Secret`` refuses to be
  /// encoded into a persisted file.
  package static let persistingState = CodingUserInfoKey(rawValue: "org.mvikit.persistingState")!
}

/// A type with a stand-in value that a redacted `Secret` decodes to.
///
/// A reduce that checks a secret (a password's length) sees the stand-in during a replay;
/// choose one that passes the checks a real secret usually passes.
public protocol RedactedPlaceholder {
  /// The stand-in for a secret of this type that was redacted.
  static var redactedPlaceholder: Self { get }
}

extension String: RedactedPlaceholder {
  /// Eight bullets: long enough for the usual minimum password length.
  public static var redactedPlaceholder: String { "••••••••" }
}
