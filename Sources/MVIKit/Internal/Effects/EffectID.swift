/// A type-erased, sendable cancellation identifier.
@usableFromInline
package struct EffectID: Hashable, @unchecked Sendable {
  // AnyHashable is not Sendable, but it only ever wraps a value that was Sendable.
  let base: AnyHashable

  package init(_ id: some Hashable & Sendable) { self.base = AnyHashable(id) }
}
