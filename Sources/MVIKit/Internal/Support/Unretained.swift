/// Calls `body` with the object that `object` refers to, without retaining it: for a reference
/// that its owner keeps alive for the whole call, where the compiler cannot see that it does.
///
/// A send pays an atomic retain and release for every object it reaches through another (the
/// root's core through the store, the root store through a scoped store's route), about 5 ns
/// each; this is how the hot path avoids them.
// A function of our own, not `_withUnsafeGuaranteedRef` called directly: a main-actor closure
// passed straight to the standard library gets a run-time check of the executor.
@inlinable @inline(__always)
func withUnretained<T: AnyObject, R>(_ object: Unmanaged<T>, _ body: (T) -> R) -> R {
  object._withUnsafeGuaranteedRef(body)
}
