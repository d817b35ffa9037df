/// One difference between two values as trees: the member at `path` went from `old` to `new`
/// (nil when it was added or removed). A recording stores a state change as a list of these,
/// and a log or a failed replay shows them as `todos[2].title: "a" → "b"`.
package struct StateChange: Hashable, Sendable {
  package enum Key: Hashable, Sendable {
    case field(String)
    case index(Int)
  }

  package var path: [Key]
  package var old: JSONValue?
  package var new: JSONValue?

  /// The changes that turn `old` into `new`, shallowest first; array elements that go are
  /// listed last index first, so applying the list in order removes the right ones.
  package static func changes(from old: JSONValue, to new: JSONValue) -> [StateChange] {
    var changes: [StateChange] = []
    collect(old, new, path: [], into: &changes)
    return changes
  }

  private static func collect(
    _ old: JSONValue, _ new: JSONValue, path: [Key], into changes: inout [StateChange]
  ) {
    guard old != new else { return }
    switch (old, new) {
    case (.object(let before), .object(let after)):
      for key in Set(before.keys).union(after.keys).sorted() {
        switch (before[key], after[key]) {
        case (let old?, let new?): collect(old, new, path: path + [.field(key)], into: &changes)
        case (let old, let new):
          changes.append(StateChange(path: path + [.field(key)], old: old, new: new))
        }
      }
    case (.array(let before), .array(let after)):
      for index in 0..<min(before.count, after.count) {
        collect(before[index], after[index], path: path + [.index(index)], into: &changes)
      }
      for index in before.count..<max(before.count, after.count) {
        changes.append(StateChange(path: path + [.index(index)], old: nil, new: after[index]))
      }
      for index in (after.count..<max(before.count, after.count)).reversed() {
        changes.append(StateChange(path: path + [.index(index)], old: before[index], new: nil))
      }
    default:
      changes.append(StateChange(path: path, old: old, new: new))
    }
  }

  /// `member.path[2].title`, or `(whole value)` for the root.
  /// The changed member as a report names it: `todos[0].title`.
  package var pathText: String {
    path.isEmpty ? "(whole value)" : Self.text(of: path)
  }

  /// `member.path[2].title`, empty for the root: how a path of keys is written.
  package static func text(of path: [Key]) -> String {
    var text = ""
    for key in path {
      switch key {
      case .field(let name): text += text.isEmpty ? name : "." + name
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// `path: old → new`, `path: added new` or `path: removed old`.
  package var description: String {
    switch (old, new) {
    case (let old?, let new?): "\(pathText): \(old.summary()) → \(new.summary())"
    case (nil, let new?): "\(pathText): added \(new.summary())"
    case (let old?, nil): "\(pathText): removed \(old.summary())"
    case (nil, nil): "\(pathText): unchanged"
    }
  }
}

extension JSONValue {
  /// Applies `change` (made by ``StateChange/changes(from:to:)`` on a value equal to this one).
  package mutating func apply(_ change: StateChange) throws(RecordingError) {
    try apply(change, at: change.path[...])
  }

  private mutating func apply(_ change: StateChange, at path: ArraySlice<StateChange.Key>)
    throws(RecordingError)
  {
    guard let key = path.first else {
      self = change.new ?? .null
      return
    }
    let rest = path.dropFirst()
    switch (self, key) {
    case (.object(var fields), .field(let name)):
      if rest.isEmpty, change.new == nil {
        fields[name] = nil
      } else if rest.isEmpty {
        fields[name] = change.new
      } else {
        guard var child = fields[name] else { throw .changeDoesNotApply(change.pathText) }
        try child.apply(change, at: rest)
        fields[name] = child
      }
      self = .object(fields)
    case (.array(var items), .index(let index)):
      if rest.isEmpty, index == items.count, let new = change.new {
        items.append(new)
      } else if rest.isEmpty, change.new == nil, items.indices.contains(index) {
        items.remove(at: index)
      } else if items.indices.contains(index) {
        try items[index].apply(change, at: rest)
      } else {
        throw .changeDoesNotApply(change.pathText)
      }
      self = .array(items)
    default:
      throw .changeDoesNotApply(change.pathText)
    }
  }
}
