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
public final class SideEffects<Element: Sendable>: AsyncSequence, Sendable {
  /// Side effects never fail.
  public typealias Failure = Never

  private struct Queue {
    var buffer = FIFOBuffer<Element>()
    var waiters: [(id: Int, continuation: CheckedContinuation<Element?, Never>)] = []
    var nextID = 0
    var isFinished = false
  }

  private let queue = Locked(Queue())

  /// Makes an iterator; several may exist, and each side effect goes to only one of them.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(sideEffects: self) }

  /// The iterator of ``SideEffects``.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    let sideEffects: SideEffects

    /// The next side effect, or nil once the store is gone.
    public mutating func next() async -> Element? { await sideEffects.next() }
  }

  package func send(_ element: Element) {
    let waiter: CheckedContinuation<Element?, Never>? = queue.withLock { queue in
      guard !queue.isFinished else { return nil }
      guard queue.waiters.isEmpty else { return queue.waiters.removeFirst().continuation }
      queue.buffer.append(element)
      return nil
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
  package var pendingCount: Int { queue.withLock { $0.buffer.count } }

  func next() async -> Element? {
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
