/// Direct access to a stored member of a state, for the links' reduce.
///
/// Writing through a key path costs a run-time walk of its components on every send, about
/// ten times a root send. When the key path names stored properties held inline (as a
/// child's state in a parent's state is), `MemoryLayout.offset(of:)` gives its place in the
/// parent's bytes once, and a send then reaches the child's state there as the compiler would
/// for `state.child`. Computed properties, and members behind a class reference, have no
/// offset and keep the key path.
@usableFromInline
struct StoredMember<Root, Value>: Sendable {
  @usableFromInline let path: WritableKeyPath<Root, Value> & Sendable
  /// The member's place in the root's bytes, or -1 when it has none: a sentinel rather than
  /// an optional keeps a link, and every scoped store's link, a word smaller.
  @usableFromInline let offset: Int

  init(_ path: WritableKeyPath<Root, Value> & Sendable) {
    self.path = path
    offset = MemoryLayout<Root>.offset(of: path) ?? -1
  }

  /// Runs `body` on the member of `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard offset >= 0 else { return body(&root[keyPath: path]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      let member = (UnsafeMutableRawPointer(pointer) + offset)
        .assumingMemoryBound(to: Value.self)
      return body(&member.pointee)
    }
  }
}
