/// Makes a state `AnyHashable` for the pruning table, with its `Hashable` conformance looked up
/// once for a search rather than at every world the search weighs.
@usableFromInline
struct StateHashing<State> {
  @usableFromInline let box: (State) -> AnyHashable

  /// Nil when `State` is not `Hashable`: the search then cannot prune.
  @usableFromInline init?() {
    guard let hashable = State.self as? any Hashable.Type else { return nil }
    box = Self.boxing(as: hashable)
  }

  private static func boxing<H: Hashable>(as _: H.Type) -> (State) -> AnyHashable {
    // Sound: `H` is `State` itself, opened from the cast above; the cast is not made again.
    { AnyHashable(unsafeBitCast($0, to: H.self)) }
  }
}
