/// Whether two values are equal, when their type is `Equatable`; false otherwise.
@usableFromInline func isEqualIfEquatable<T>(_ lhs: T, _ rhs: T) -> Bool {
  guard let lhs = lhs as? any Equatable else { return false }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}
