/// How a search hashes a value whose type it knows only as a generic parameter: the state, for
/// pruning, and the intents a job delivers. The `Hashable` conformance is looked up once for
/// a search rather than at every world the search weighs.
@usableFromInline
struct ValueHashing<Value> {
  @usableFromInline let hash: (Value, inout Hasher) -> Void

  /// Nil when `Value` is not `Hashable`.
  @inlinable init?() {
    guard let hashable = Value.self as? any Hashable.Type else { return nil }
    hash = Self.hashing(as: hashable)
  }

  /// Hashes a value by its description: for intents that are not `Hashable`, which then count
  /// as one where they print alike.
  @inlinable static var byDescription: Self {
    Self { value, hasher in hasher.combine(String(describing: value)) }
  }

  @usableFromInline init(hash: @escaping (Value, inout Hasher) -> Void) {
    self.hash = hash
  }

  @inlinable static func hashing<H: Hashable>(as _: H.Type) -> (Value, inout Hasher) -> Void {
    // Sound: `H` is `Value` itself, opened from the cast above; the cast is not made again.
    { value, hasher in unsafeBitCast(value, to: H.self).hash(into: &hasher) }
  }
}
