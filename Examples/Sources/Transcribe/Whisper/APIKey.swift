/// A secret API key. It prints as dots, so it cannot reach a log, an error text or a
/// recording by way of string interpolation.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
  let value: String

  /// Wraps `value`; nil when it is empty.
  public init?(_ value: String?) {
    guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    self.value = value.trimmingCharacters(in: .whitespaces)
  }

  /// Dots, never the key.
  public var description: String { "••••" }
  /// Dots, never the key.
  public var debugDescription: String { "APIKey(••••)" }

  /// `text` with every occurrence of the key replaced by dots, for text a server sent back.
  func redacting(_ text: String) -> String {
    text.replacingOccurrences(of: value, with: description)
  }
}
