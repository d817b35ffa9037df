/// A value that must never be printed: passwords, tokens, keys.
///
/// Wrap a field of your state or intent in `Secret` and it shows as `Secret(••••)` in
/// `print`, string interpolation, `dump`, logs made by MVIKitRecording's `FlowLogger` and test failure diffs,
/// while equality and hashing still use the value.
///
/// ```swift
/// enum Intent { case passwordChanged(Secret<String>) }
/// ```
public struct Secret<Value> {
  /// The wrapped value. Reading it is explicit, so it does not leak by accident.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// What a secret shows, and is encoded as, instead of its value.
  package static var redactedText: String { "Secret(••••)" }
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// Always `Secret(••••)`: the value never shows.
  public var description: String { Self.redactedText }
  /// Always `Secret(••••)`: the value never shows.
  public var debugDescription: String { description }
  /// A mirror with no children, so reflection-based dumps cannot reach the value.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Secret: Equatable where Value: Equatable {}
extension Secret: Hashable where Value: Hashable {}
extension Secret: Sendable where Value: Sendable {}
