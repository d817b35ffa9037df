/// The one-shot side effects of a ``Store``, as an `AsyncSequence`.
///
/// Each side effect is delivered exactly once, in order, to whichever iteration asks first.
/// Side effects emitted while nobody iterates are kept until someone does; delivered ones are
/// never replayed. The sequence ends when the store is deallocated.
///
/// ```swift
/// .task {
///   for await sideEffect in store.sideEffects {
///     switch sideEffect { case let .toast(text): showToast(text) }
///   }
/// }
/// ```
public struct SideEffects<Element: Sendable>: AsyncSequence, Sendable {
  /// Side effects never fail.
  public typealias Failure = Never

  let channel: SideEffectChannel<Element>

  /// The iterator of ``SideEffects``.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    let channel: SideEffectChannel<Element>

    /// The next side effect, or nil once the store is gone.
    public mutating func next() async -> Element? {
      await channel.next()
    }
  }

  /// Makes an iterator; several may exist, and each side effect goes to only one of them.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(channel: channel)
  }
}
