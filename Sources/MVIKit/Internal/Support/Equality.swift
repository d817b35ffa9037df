/// How two values of a type that may or may not be `Equatable` compare, looked up once.
///
/// ``isEqualIfEquatable(_:_:)`` asks the runtime whether the type conforms on every call: a
/// search of its conformance table, which cost an observed send more than the send itself
/// (about 750 of its 3,300 instructions, for a state that is not `Equatable`). A store that
/// compares its state on every step looks the answer up when it is made, with this. It keeps
/// the type, not a closure, so that it costs a store no allocation.
@usableFromInline
package struct Equality<Value> {
  /// `Value` as an `Equatable` type; nil when it is not one.
  @usableFromInline let equatable: (any Equatable.Type)?

  /// Looks up whether `Value` is `Equatable`.
  package init() {
    equatable = Value.self as? any Equatable.Type
  }

  /// Whether `Value` is `Equatable`, so that ``areEqual(_:_:)`` can be true.
  @inlinable package var isEquatable: Bool { equatable != nil }

  /// Whether `lhs` and `rhs` are equal; false when `Value` is not `Equatable`.
  @inlinable package func areEqual(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let equatable else { return false }
    return equatable.areEqual(lhs, rhs)
  }
}

extension Equatable {
  /// `==` for two values typed `Value`, when `Value` is `Self`; false for another type.
  @usableFromInline
  static func areEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard Value.self == Self.self else { return false }
    // `Value` is `Self`, so each value's memory is bound to `Self`: it is read as what it is,
    // without a dynamic cast and a copy per comparison.
    return withUnsafePointer(to: lhs) { lhs in
      withUnsafePointer(to: rhs) { rhs in
        UnsafeRawPointer(lhs).assumingMemoryBound(to: Self.self).pointee
          == UnsafeRawPointer(rhs).assumingMemoryBound(to: Self.self).pointee
      }
    }
  }
}

// Sound: it holds only a metatype, set once when it is made and never changed.
extension Equality: @unchecked Sendable {}
