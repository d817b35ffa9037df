/// How an observed member of the state tells whether a send changed it.
@usableFromInline
enum MemberComparison<Value> {
  /// By `==`: the member is `Equatable`.
  case equality((Value, Value) -> Bool)
  /// By `==` if the member's type turns out to be `Equatable`: the whole state, whose type
  /// the store does not constrain. Looked up once, when the member is first watched, not on
  /// every change (see ``Equality``).
  case equalityIfEquatable
  /// Never equal: the member's observers hear of every send.
  case never

  /// The comparison an observed member keeps; nil when it is never equal.
  func resolved() -> ((Value, Value) -> Bool)? {
    switch self {
    case .equality(let isEqual):
      return isEqual
    case .equalityIfEquatable:
      let equality = Equality<Value>()
      guard equality.equatable != nil else { return nil }
      return { equality.areEqual($0, $1) }
    case .never:
      return nil
    }
  }
}
