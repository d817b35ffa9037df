extension JSONValue {
  /// Any value as a tree, through its `Mirror`, so that two states of any type can be diffed
  /// member by member. Values with no children (numbers, strings, enum cases without payload,
  /// `Secret`, whose mirror is empty) become leaves; a `Secret` shows only `Secret(••••)`.
  package init(reflecting value: Any) {
    switch value {
    case let value as String: self = .string(value)
    case let value as Bool: self = .bool(value)
    case let value as Int: self = .int(Int64(value))
    case let value as Double: self = .double(value)
    default: self.init(mirror: Mirror(reflecting: value), of: value)
    }
  }

  private init(mirror: Mirror, of value: Any) {
    switch mirror.displayStyle {
    case .optional:
      self = mirror.children.first.map { JSONValue(reflecting: $0.value) } ?? .null
    case .collection, .set:
      let items = mirror.children.map { JSONValue(reflecting: $0.value) }
      self = .array(
        mirror.displayStyle == .set ? items.sorted { $0.summary() < $1.summary() } : items)
    case .dictionary:
      var fields: [String: JSONValue] = [:]
      for pair in mirror.children {
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { continue }
        fields[String(describing: parts[0].value)] = JSONValue(reflecting: parts[1].value)
      }
      self = .object(fields)
    default:
      guard !mirror.children.isEmpty else {
        self = .string(String(describing: value))
        return
      }
      var fields: [String: JSONValue] = [:]
      for (offset, child) in mirror.children.enumerated() {
        fields[child.label ?? ".\(offset)"] = JSONValue(reflecting: child.value)
      }
      self = .object(fields)
    }
  }
}
