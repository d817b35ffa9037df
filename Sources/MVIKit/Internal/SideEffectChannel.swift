import Synchronization

/// A queue of one-shot side effects: each element goes to exactly one consumer, once.
///
/// Elements sent while nobody is waiting are buffered until someone iterates, so a View that
/// subscribes late or re-subscribes still gets each of them once.
package final class SideEffectChannel<Element: Sendable>: Sendable {
  private struct Queue {
    var buffer = FIFOBuffer<Element>()
    var waiters: [(id: Int, continuation: CheckedContinuation<Element?, Never>)] = []
    var nextID = 0
    var isFinished = false
  }

  private let queue = Mutex(Queue())

  package init() {}

  package func send(_ element: Element) {
    let waiter: CheckedContinuation<Element?, Never>? = queue.withLock { queue in
      guard !queue.isFinished else { return nil }
      if queue.waiters.isEmpty {
        queue.buffer.append(element)
        return nil
      }
      return queue.waiters.removeFirst().continuation
    }
    waiter?.resume(returning: element)
  }

  package func finish() {
    let waiters = queue.withLock { queue in
      queue.isFinished = true
      defer { queue.waiters.removeAll() }
      return queue.waiters
    }
    for waiter in waiters { waiter.continuation.resume(returning: nil) }
  }

  /// Elements buffered and not yet delivered.
  package var pendingCount: Int {
    queue.withLock { $0.buffer.count }
  }

  package func next() async -> Element? {
    if let element = queue.withLock({ $0.buffer.popFirst() }) { return element }
    let id = queue.withLock { queue in
      queue.nextID += 1
      return queue.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Checked under the lock: a cancellation that comes later finds the waiter there.
        let immediate: Element?? = queue.withLock { queue in
          if let element = queue.buffer.popFirst() { return .some(element) }
          if queue.isFinished || Task.isCancelled { return .some(nil) }
          queue.waiters.append((id, continuation))
          return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
      }
    } onCancel: {
      let waiter = queue.withLock { queue in
        queue.waiters.firstIndex { $0.id == id }.map { queue.waiters.remove(at: $0).continuation }
      }
      waiter?.resume(returning: nil)
    }
  }
}
