import MVIKitRecording

/// How much an agent is answered at once: an agent reads every character of an answer into its
/// context, so no answer is over ``characters`` by default. Long lists come in pages, large
/// values are summarised (a list's count and its first items, a long text's start), and an
/// answer that was shortened says how to ask for more.
enum AgentBudget {
  /// The most characters an answer holds, unless the agent asks to expand a value (and even
  /// then, ``expandedCharacters``).
  static let characters = 20_000
  /// The most characters an answer holds when the agent asked to expand a value.
  static let expandedCharacters = 200_000
  /// How many items of a list a summary shows.
  static let firstItems = 3
  /// Lists longer than this are summarised.
  static let longList = 10
  /// Texts longer than this are cut in a summary.
  static let longText = 300

  /// `value` with every list longer than ``longList`` summarised as
  /// `{"count": N, "first": [...], "summarised": true}` and every text longer than
  /// ``longText`` cut, so that its shape stays readable whatever its size.
  static func summarised(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let items) where items.count > longList:
      return .object([
        "count": .int(Int64(items.count)),
        "first": .array(items.prefix(firstItems).map(summarised)),
        "summarised": .bool(true),
      ])
    case .array(let items):
      return .array(items.map(summarised))
    case .object(let fields):
      return .object(fields.mapValues(summarised))
    case .string(let text) where text.count > longText:
      return .string(String(text.prefix(longText)) + "… (\(text.count) characters)")
    default:
      return value
    }
  }

  /// Whether `value`'s JSON text is within `limit` characters.
  static func fits(_ value: JSONValue, within limit: Int = characters) -> Bool {
    value.jsonText.count <= limit
  }

  /// A part of `text` that fits, from `offset`: the part, and the offset to ask for next (nil
  /// when the text ends within it).
  static func page(of text: String, from offset: Int, limit: Int = characters - 500)
    -> (part: Substring, next: Int?)
  {
    let start = text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    let end = text.index(start, offsetBy: limit, limitedBy: text.endIndex) ?? text.endIndex
    return (
      text[start..<end], end == text.endIndex ? nil : text.distance(from: text.startIndex, to: end)
    )
  }
}
