/// What a store runs by: a root store runs the model in its engine, a scoped store sends up to
/// its parent. Every decision that differs between the two is a member here.
@MainActor
@usableFromInline
enum StoreCore<M: Model> {
  case root(StoreEngine<M>)
  case scoped(Upstream<M>)
  /// A scoped store whose part of its parent's state was seen gone, or whose parent was cut
  /// off or forgot it: cut off for good, it keeps its last state and drops what it is sent.
  case cutOff(Upstream<M>)

  /// The root store's engine, for ``withUnretained(_:_:)``; nil in a scoped store.
  // The binding ends here, so no copy of it lives on across the calls that use the engine.
  @inlinable var unretainedEngine: Unmanaged<StoreEngine<M>>? {
    if case .root(let engine) = self { .passUnretained(engine) } else { nil }
  }

  /// A scoped store's way to its parent, for ``withUnretained(_:_:)``; nil in a root store.
  @inlinable var unretainedUpstream: Unmanaged<Upstream<M>>? {
    switch self {
    case .root: nil
    case .scoped(let upstream), .cutOff(let upstream): .passUnretained(upstream)
    }
  }

  /// Whether this is a scoped store cut off for good.
  @inlinable var isCutOff: Bool { if case .cutOff = self { true } else { false } }

  /// Reports a misuse the store survived: to the root's attachments (and standard error unless
  /// a flow observer shows it), from a scoped store through its parents.
  func warn(_ message: String) {
    switch self {
    case .root(let engine): engine.warn(message)
    case .scoped(let upstream), .cutOff(let upstream): upstream.warn(message)
    }
  }
}
