import Foundation

/// A value guarded by a lock, usable from any isolation domain and from `deinit`.
package final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
