import MVIKitRecording

/// Values as the page sees them: what `JSONEncoder` makes of a `Codable` value (so a `Secret`
/// is redacted as in a recording), or the value's members through reflection otherwise.
enum InspectorValue {
  static func json(_ value: Any) -> JSONValue {
    if let encodable = value as? any Encodable, let json = try? JSONValue(encoding: encodable) {
      return json
    }
    return JSONValue(reflecting: value)
  }

  /// Whether values of these types encode and decode, so that an exported session is a
  /// recording that `Recording(contentsOf:)` reads back.
  static func isCodable(_ types: Any.Type...) -> Bool {
    types.allSatisfy { $0 is any Codable.Type }
  }
}
