#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a lock, usable from any isolation domain and from `deinit`.
///
/// A pthread mutex stored with the value, in one allocation. Not the standard library's
/// `Mutex`: on Linux it hands a contended lock over in the kernel, where ThreadSanitizer cannot
/// see it, and `make tsan` then reports races that are not there.
package struct Locked<Value>: @unchecked Sendable {
  private var buffer: LockedBuffer<Value>

  package init(_ value: Value) { buffer = LockedBuffer.make(value) }

  /// Whether this copy is the only one left, so that nobody else can see what it guards.
  package mutating func isUnshared() -> Bool { isKnownUniquelyReferenced(&buffer) }

  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try buffer.withUnsafeMutablePointers { value, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}

/// The storage of a ``Locked``: the value as the header, the mutex as the one element.
private final class LockedBuffer<Value>: ManagedBuffer<Value, pthread_mutex_t> {
  static func make(_ value: Value) -> LockedBuffer {
    let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: LockedBuffer.self)
    buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
    return buffer
  }

  deinit { withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) } }
}
