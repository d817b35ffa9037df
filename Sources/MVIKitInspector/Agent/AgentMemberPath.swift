import MVIKitRecording

/// A member of a state as an agent names it: `items[2].name`, `items.2.name` or
/// `screen.todos.draft`, the way the page and a changed step's list write it.
struct AgentMemberPath: Equatable, CustomStringConvertible {
  var keys: [StateChange.Key]

  /// The path in `text`, or nil when it is not one (an unclosed bracket, an empty name).
  init?(_ text: String) {
    var keys: [StateChange.Key] = []
    var name = ""
    var index = text.startIndex
    func endName() -> Bool {
      guard !name.isEmpty else { return false }
      keys.append(Int(name).map(StateChange.Key.index) ?? .field(name))
      name = ""
      return true
    }
    while index < text.endIndex {
      let character = text[index]
      switch character {
      case ".":
        // A dot after a bracket closes nothing new.
        if !name.isEmpty { _ = endName() } else if keys.isEmpty { return nil }
      case "[":
        if !name.isEmpty { _ = endName() }
        guard let close = text[index...].firstIndex(of: "]"),
          let number = Int(text[text.index(after: index)..<close])
        else { return nil }
        keys.append(.index(number))
        index = close
      default:
        name.append(character)
      }
      index = text.index(after: index)
    }
    if !name.isEmpty { _ = endName() }
    self.keys = keys
  }

  init(keys: [StateChange.Key]) { self.keys = keys }

  /// `items[2].name`; empty for the whole value.
  var description: String { StateChange.text(of: keys) }

  /// The member of `value` at this path, or nil when there is none.
  func member(of value: JSONValue) -> JSONValue? {
    var current = value
    for key in keys {
      switch (current, key) {
      case (.object(let fields), .field(let name)):
        guard let next = fields[name] else { return nil }
        current = next
      case (.array(let items), .index(let index)) where items.indices.contains(index):
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }

  /// Whether `other` is this member or one inside it.
  func contains(_ other: AgentMemberPath) -> Bool {
    other.keys.starts(with: keys)
  }
}
