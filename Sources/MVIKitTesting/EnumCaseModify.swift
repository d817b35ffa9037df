/// Changes the payload of `value` in place when it is the enum case that `embed` makes: how a
/// test made from a recording asserts a change inside a case, such as one screen of a stack.
///
/// ```swift
/// await store.send(.screen(Keyed(0, .todos(.draftChanged("m"))))) {
///   try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
///     $0.draft = "m"
///   }
/// }
/// ```
///
/// - Throws: ``CaseMismatch`` when `value` is nil or another case; what `change` throws.
public func modify<Enum, Payload>(
  _ value: inout Enum?, case embed: (Payload) -> Enum, _ change: (inout Payload) throws -> Void
) throws {
  guard var unwrapped = value else { throw CaseMismatch(expected: nil, found: "nil") }
  try modify(&unwrapped, case: embed, change)
  value = unwrapped
}

/// Changes the payload of `value` in place when it is the enum case that `embed` makes.
///
/// - Throws: ``CaseMismatch`` when `value` is another case; what `change` throws.
public func modify<Enum, Payload>(
  _ value: inout Enum, case embed: (Payload) -> Enum, _ change: (inout Payload) throws -> Void
) throws {
  let found = Mirror(reflecting: value).children.first
  guard var payload = found?.value as? Payload,
    case let expected = Mirror(reflecting: embed(payload)).children.first?.label,
    expected == found?.label
  else {
    throw CaseMismatch(expected: nil, found: found?.label ?? "\(value)")
  }
  try change(&payload)
  value = embed(payload)
}

/// The value a ``modify(_:case:_:)-(Enum?,_,_)`` changes is not the case it names.
public struct CaseMismatch: Error, CustomStringConvertible {
  /// The case named, when it could be told.
  public let expected: String?
  /// The case the value is.
  public let found: String

  /// The error as a sentence.
  public var description: String {
    "The value is .\(found), not the case the assertion modifies"
      + (expected.map { " (.\($0))" } ?? "") + "."
  }
}
