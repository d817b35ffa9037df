import Foundation
import MVIKit

/// One way in which a value differs from another, at a member path a Swift test can write
/// (`todos[0].title`, `note?.text`, `rows[id: 3]?.isDone`): what a test generated from a
/// recording asserts after each step (`$0.todos[0].title = "milk"`), and what a failing test
/// store names.
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
    /// The member is still the enum case that this function makes (`AppScreen.State.todos`),
    /// and its payload changed so.
    case modify(case: String, [StateDifference])
  }

  /// The member's path from the value's root, in Swift: `draft`, `todos[0].title`,
  /// `note?.text`; empty for the whole value.
  package var path: String
  package var change: Change

  /// The statements that make the change on `root` (`$0`), one per line, with the `try` that
  /// decoding a value needs: `$0.draft = ""`, `$0.todos.append("milk")`, or a `modify` of a
  /// case with the statements of its payload inside.
  package func statements(on root: String) -> [String] {
    let member = path.isEmpty ? root : root + (path.hasPrefix("[") ? "" : ".") + path
    let statement: String
    switch change {
    case .set(let source): statement = "\(member) = \(source)"
    case .append(let source): statement = "\(member).append(\(source))"
    case .appendContents(let source): statement = "\(member).append(contentsOf: \(source))"
    case .removeLast(let count):
      // Not `removeLast()`, which traps on a shorter list and ends the whole test run:
      // MVIKitTesting's throws, and the test fails alone.
      return ["try \(member).removeLast(recorded: \(count))"]
    case .modify(let embed, let inner):
      return ["try modify(&\(member), case: \(embed)) {"]
        + inner.flatMap { $0.statements(on: "$0") }.map { "  " + $0 } + ["}"]
    }
    return [SwiftSource.tried(statement)]
  }

  /// The paths of the members that differ, as a failure names them: `path[id: 0].draft`
  /// for a change inside a case.
  package var memberPaths: [String] {
    let path = self.path.replacingOccurrences(of: "?", with: "")
    guard case .modify(_, let inner) = change else { return [path] }
    return inner.flatMap(\.memberPaths).map { inner in
      inner.isEmpty ? path : path + (inner.hasPrefix("[") ? "" : ".") + inner
    }
  }

  /// What turns `old` into `new`, by member: structs whose members are what they encode are
  /// followed into, as are arrays of equal length, present optionals, rows and stacks by id,
  /// the payload of an enum case that stays the same case (for enums declared in `module`,
  /// the one a generated test imports), and arrays that grew or shrank at the end; anything
  /// else is set whole. Empty when they are equal.
  package static func differences(
    from old: Any, to new: Any, module: String? = nil
  ) -> [StateDifference] {
    var found: [StateDifference] = []
    collect(old, new, at: Path(module: module), into: &found)
    return found
  }

  /// Where a member is: its Swift path, and whether that path is an optional.
  private struct Path {
    var text = ""
    var isOptional = false
    let module: String?

    func member(_ label: String) -> Path {
      var path = self
      path.text = text.isEmpty ? label : text + (isOptional ? "?." : ".") + label
      path.isOptional = false
      return path
    }

    func subscripted(_ key: String, optional: Bool) -> Path {
      var path = self
      path.text = text + (isOptional ? "?" : "") + "[\(key)]"
      path.isOptional = optional
      return path
    }

    var unwrapped: Path {
      var path = self
      path.isOptional = true
      return path
    }
  }

  private static func collect(_ old: Any, _ new: Any, at path: Path, into found: inout [Self]) {
    guard !areEqual(old, new) else { return }
    guard type(of: old) == type(of: new) else { return set(new, at: path, into: &found) }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    if let before = old as? any ElementsByID, let after = new as? any ElementsByID {
      return collectByID(before, after, whole: new, at: path, into: &found)
    }
    switch oldMirror.displayStyle {
    case .optional:
      guard let before = oldMirror.children.first?.value,
        let after = newMirror.children.first?.value
      else { return set(new, at: path, into: &found) }
      collect(before, after, at: path.unwrapped, into: &found)
    case .collection where SwiftSource.isArray(old):
      collectArray(
        oldMirror.children.map(\.value), newMirror.children.map(\.value), whole: new, at: path,
        into: &found)
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
        collect(child.value, value, at: path.member(label), into: &found)
      }
    case .enum:
      guard let embed = caseFunction(old, oldMirror, newMirror, module: path.module),
        let before = oldMirror.children.first?.value, let after = newMirror.children.first?.value
      else { return set(new, at: path, into: &found) }
      var inner: [Self] = []
      collect(before, after, at: Path(module: path.module), into: &inner)
      found.append(Self(path: path.text, change: .modify(case: embed, inner)))
    default:
      set(new, at: path, into: &found)
    }
  }

  /// Equal lengths element by element; growth or shrinking at the end as such; else whole.
  private static func collectArray(
    _ before: [Any], _ after: [Any], whole new: Any, at path: Path, into found: inout [Self]
  ) {
    let common = min(before.count, after.count)
    let prefixHolds = (0..<common).allSatisfy { areEqual(before[$0], after[$0]) }
    // A list changed other than at its end, or filled from empty, is said whole.
    if before.count != after.count, !prefixHolds || (before.isEmpty && after.count > 1) {
      return set(new, at: path, into: &found)
    }
    for index in 0..<common {
      collect(
        before[index], after[index], at: path.subscripted("\(index)", optional: false), into: &found
      )
    }
    if after.count < before.count {
      found.append(Self(path: path.text, change: .removeLast(before.count - after.count)))
    }
    let added = after.dropFirst(common).map { SwiftSource.expression(for: $0) }
    if added.contains(nil) { return set(new, at: path, into: &found) }
    if added.count == 1, let source = added[0] {
      found.append(Self(path: path.text, change: .append(source)))
    } else if added.count > 1 {
      let list = "[" + added.compactMap { $0 }.joined(separator: ", ") + "]"
      found.append(Self(path: path.text, change: .appendContents(list)))
    }
  }

  /// Rows or stack entries with the same ids, in the same order, element by element through
  /// `[id: …]`; else whole.
  private static func collectByID(
    _ before: any ElementsByID, _ after: any ElementsByID, whole new: Any, at path: Path,
    into found: inout [Self]
  ) {
    let oldElements = before.elementsByID
    let newElements = after.elementsByID
    guard oldElements.map(\.id) == newElements.map(\.id) else {
      return set(new, at: path, into: &found)
    }
    for (old, new) in zip(oldElements, newElements) {
      guard let key = SwiftSource.literal(for: old.id.base) else {
        return set(after, at: path, into: &found)
      }
      let element = path.subscripted("id: " + key, optional: true)
      collect(old.element, new.element, at: element, into: &found)
    }
  }

  /// `AppScreen.State.todos` when both values are that case of an enum of `module`, with one
  /// payload that is followed member by member.
  private static func caseFunction(
    _ value: Any, _ oldMirror: Mirror, _ newMirror: Mirror, module: String?
  ) -> String? {
    guard let module, let label = oldMirror.children.first?.label,
      newMirror.children.first?.label == label, SwiftSource.isIdentifier(label),
      let payload = oldMirror.children.first?.value, isFollowed(payload)
    else { return nil }
    let qualified = String(reflecting: type(of: value))
    guard qualified.hasPrefix(module + "."), !qualified.contains("<") else { return nil }
    return qualified.dropFirst(module.count + 1) + "." + label
  }

  private static func set(_ value: Any, at path: Path, into found: inout [Self]) {
    let source = SwiftSource.expression(for: value) ?? String(reflecting: value)
    found.append(Self(path: path.text, change: .set(source)))
  }

  /// Whether a struct's members can be written one by one: it is not a value spelled out
  /// whole (`UUID`, `Date`), every stored member is named as in its JSON (so none is a
  /// private storage of a custom coding; an optional that is nil may be left out), and none
  /// is hidden behind an underscore.
  private static func isFollowed(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct, !SwiftSource.isSpelledWhole(value),
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
    if lhs is any Equatable { return isEqualIfEquatable(lhs, rhs) }
    if let left = lhs as? any Encodable, let right = rhs as? any Encodable,
      let leftJSON = try? JSONValue(encoding: left), let rightJSON = try? JSONValue(encoding: right)
    {
      return leftJSON == rightJSON
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
  }
}
