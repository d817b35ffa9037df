import Foundation
import Synchronization

/// Runs long blocking work, such as a PocketSphinx decode, on a thread of its own instead of
/// Swift concurrency's cooperative pool. That pool has one thread per core (and on Linux so do
/// dispatch's global queues); a decode holding one of them for seconds stalls every other task
/// of the process.
enum BlockingWork {
  /// Runs `work`, which should call `isCancelled` between steps and stop when it says so.
  static func run<T: Sendable>(
    _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> T
  ) async throws -> T {
    let cancelled = Flag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
          continuation.resume(with: Result { try work { cancelled.isSet } })
        }
        thread.stackSize = 8 << 20
        thread.start()
      }
    } onCancel: {
      cancelled.set()
    }
  }

  private final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
  }
}
