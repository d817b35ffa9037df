import Foundation

/// One way in which a value differs from another, at a member path a Swift test can write
/// (`todos[0].title`, `note?.text`): what a test generated from a recording asserts after each
/// step (`$0.todos[0].title = "milk"`), and what a failing test store names.
package struct StateDifference: Equatable {
  package enum Change: Equatable {
    /// The member became a new value, written as Swift source.
    case set(String)
    /// The array gained this element at its end.
    case append(String)
    /// The array gained these elements (an array literal) at its end.
    case appendContents(String)
    /// The array lost this many elements from its end.
    case removeLast(Int)
  }

  /// The member's path from the value's root, in Swift: `draft`, `todos[0].title`,
  /// `note?.text`; empty for the whole value.
  package var path: String
  package var change: Change

  /// The statement that makes the change on `root` (`$0`): `$0.draft = ""`,
  /// `$0.todos.append("milk")`, `$0.todos.removeLast()`.
  package func statement(on root: String) -> String {
    let member = path.isEmpty ? root : root + (path.hasPrefix("[") ? "" : ".") + path
    switch change {
    case .set(let source): return "\(member) = \(source)"
    case .append(let source): return "\(member).append(\(source))"
    case .appendContents(let source): return "\(member).append(contentsOf: \(source))"
    case .removeLast(let count):
      return count == 1 ? "\(member).removeLast()" : "\(member).removeLast(\(count))"
    }
  }

  /// What turns `old` into `new`, by member: structs whose members are what they encode are
  /// followed into, as are arrays of equal length, present optionals and arrays that grew or
  /// shrank at the end; anything else is set whole. Empty when they are equal.
  package static func differences(from old: Any, to new: Any) -> [StateDifference] {
    var found: [StateDifference] = []
    collect(old, new, path: "", into: &found)
    return found
  }

  private static func collect(_ old: Any, _ new: Any, path: String, into found: inout [Self]) {
    guard !areEqual(old, new) else { return }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard type(of: old) == type(of: new) else { return set(new, at: path, into: &found) }
    switch oldMirror.displayStyle {
    case .optional:
      guard let before = oldMirror.children.first?.value,
        let after = newMirror.children.first?.value,
        isFollowed(before)
      else { return set(new, at: path, into: &found) }
      collect(before, after, path: path + "?", into: &found)
    case .collection where SwiftSource.isArray(old):
      let before = oldMirror.children.map(\.value)
      let after = newMirror.children.map(\.value)
      let common = min(before.count, after.count)
      let prefixHolds = (0..<common).allSatisfy { areEqual(before[$0], after[$0]) }
      // A list changed other than at its end, or filled from empty, is said whole.
      if before.count != after.count, !prefixHolds || (before.isEmpty && after.count > 1) {
        return set(new, at: path, into: &found)
      }
      for index in 0..<common {
        collect(before[index], after[index], path: path + "[\(index)]", into: &found)
      }
      if after.count < before.count {
        found.append(Self(path: path, change: .removeLast(before.count - after.count)))
      }
      let added = after.dropFirst(common).map { SwiftSource.expression(for: $0) }
      if added.contains(nil) { return set(new, at: path, into: &found) }
      if added.count == 1, let source = added[0] {
        found.append(Self(path: path, change: .append(source)))
      } else if added.count > 1 {
        let list = "[" + added.compactMap { $0 }.joined(separator: ", ") + "]"
        found.append(Self(path: path, change: .appendContents(list)))
      }
    case .struct where isFollowed(old):
      let after = Dictionary(
        newMirror.children.compactMap { child in child.label.map { ($0, child.value) } },
        uniquingKeysWith: { first, _ in first })
      // An identity that changed makes another element: it is set whole, not edited.
      if let oldID = oldMirror.children.first(where: { $0.label == "id" })?.value,
        let newID = after["id"], !areEqual(oldID, newID)
      {
        return set(new, at: path, into: &found)
      }
      for child in oldMirror.children {
        guard let label = child.label, let value = after[label] else { continue }
        collect(child.value, value, path: path.isEmpty ? label : path + "." + label, into: &found)
      }
    default:
      set(new, at: path, into: &found)
    }
  }

  private static func set(_ value: Any, at path: String, into found: inout [Self]) {
    let source = SwiftSource.expression(for: value) ?? String(reflecting: value)
    found.append(Self(path: path, change: .set(source)))
  }

  /// Whether a struct's members can be written one by one: it is not a value spelled out
  /// whole (`UUID`, `Date`), every stored member is named as in its JSON (so none is a
  /// private storage of a custom coding; an optional that is nil may be left out), and none
  /// is hidden behind an underscore.
  private static func isFollowed(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct, SwiftSource.literal(for: value) == nil,
      let encodable = value as? any Encodable,
      case .object(let fields)? = try? JSONValue(encoding: encodable)
    else { return false }
    return mirror.children.allSatisfy { child in
      guard let label = child.label, !label.hasPrefix("_"), SwiftSource.isIdentifier(label)
      else { return false }
      return fields[label] != nil || Mirror(reflecting: child.value).displayStyle == .optional
    } && fields.keys.allSatisfy { key in mirror.children.contains { $0.label == key } }
  }

  /// Equality through `Equatable` when the type has it, else through what the values encode
  /// to, else through their reflections.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let equatable = lhs as? any Equatable { return equatable.isEqual(to: rhs) }
    if let left = lhs as? any Encodable, let right = rhs as? any Encodable,
      let leftJSON = try? JSONValue(encoding: left), let rightJSON = try? JSONValue(encoding: right)
    {
      return leftJSON == rightJSON
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
