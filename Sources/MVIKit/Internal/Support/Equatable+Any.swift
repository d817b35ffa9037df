/// Whether two values are equal, when their type is `Equatable`; false otherwise.
@usableFromInline package func isEqualIfEquatable<T>(_ lhs: T, _ rhs: T) -> Bool {
  (lhs as? any Equatable)?.isEqual(to: rhs) ?? false
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
