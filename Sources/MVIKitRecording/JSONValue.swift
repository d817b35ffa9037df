/// A JSON document as a value: what a state, an intent or a side effect encodes to in a
/// recording, compared and diffed without knowing its Swift type.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
}

extension JSONValue {
  /// One line of compact text, cut at `limit` characters: how a diff shows a value.
  func summary(limit: Int = 120) -> String {
    let text = compactText
    guard text.count > limit else { return text }
    return String(text.prefix(limit - 1)) + "…"
  }

  private var compactText: String {
    switch self {
    case .null: "nil"
    case .bool(let value): String(value)
    case .int(let value): String(value)
    case .double(let value): String(value)
    case .string(let value): String(reflecting: value)
    case .array(let items): "[" + items.map(\.compactText).joined(separator: ", ") + "]"
    case .object(let fields):
      "{"
        + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.compactText)" }
        .joined(separator: ", ") + "}"
    }
  }
}
