import NIOConcurrencyHelpers

/// What waits to be written to one page: a bounded queue, so that a slow or frozen browser
/// never holds the app or the feed up. A batch that finds the queue full is dropped and
/// counted; once the page has caught up it is sent a `resync` (see ``InspectorFeed``).
final class InspectorMailbox: Sendable {
  private struct Contents {
    var queue: [String] = []
    var head = 0
    var waiter: CheckedContinuation<String?, Never>?
    var isClosed = false
    /// Steps not sent to this page because it read too slowly.
    var lagged = 0
    var needsResync = false
    /// Called when the page has read everything queued while a resync is due: the feed sends
    /// it then, even when no new step comes to carry it.
    var onCaughtUp: (@Sendable () -> Void)?
  }

  private let contents = NIOLockedValueBox(Contents())
  /// How many messages may wait before batches are dropped.
  let capacity: Int

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  /// Queues a batch holding `steps` steps; false, and the steps counted as lagged, when the
  /// page is too far behind.
  @discardableResult
  func push(_ text: String, steps: Int) -> Bool {
    let (accepted, waiter) = contents.withLockedValue {
      contents -> (Bool, CheckedContinuation<String?, Never>?) in
      guard !contents.isClosed else { return (false, nil) }
      // Behind, or due a resync: a batch now would not follow from what the page has.
      guard contents.queue.count - contents.head < capacity, !contents.needsResync else {
        contents.lagged += steps
        contents.needsResync = true
        return (false, nil)
      }
      return (true, Self.enqueue(text, &contents))
    }
    waiter?.resume(returning: text)
    return accepted
  }

  /// Queues a message that must arrive whatever the queue holds: a greeting, a status.
  func pushAlways(_ text: String) {
    let waiter = contents.withLockedValue { contents in
      contents.isClosed ? nil : Self.enqueue(text, &contents)
    }
    waiter?.resume(returning: text)
  }

  /// Has `caughtUp` called when the page has read all that was queued and is due a resync.
  func whenCaughtUp(_ caughtUp: @escaping @Sendable () -> Void) {
    contents.withLockedValue { $0.onCaughtUp = caughtUp }
  }

  /// Has the page sent the state afresh before the next batch: the log it was greeted with
  /// started again.
  func requireResync() {
    contents.withLockedValue { $0.needsResync = true }
  }

  /// Whether a resync is due, with the steps lagged so far: true once the page fell behind and
  /// has read everything that was queued before.
  func takeResync() -> Int? {
    contents.withLockedValue { contents in
      guard contents.needsResync, contents.queue.count == contents.head else { return nil }
      contents.needsResync = false
      return contents.lagged
    }
  }

  /// The next message to write, waiting for one; nil once the mailbox is closed or the
  /// waiting task is cancelled.
  func next() async -> String? {
    // A page that fell behind at the end of a burst would otherwise wait for a step that may
    // never come to be told where to go on from.
    let caughtUp = contents.withLockedValue { contents in
      contents.needsResync && contents.head == contents.queue.count ? contents.onCaughtUp : nil
    }
    caughtUp?()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
        let ready: String?? = contents.withLockedValue { contents in
          if contents.head < contents.queue.count {
            let text = contents.queue[contents.head]
            contents.head += 1
            if contents.head == contents.queue.count {
              contents.queue.removeAll(keepingCapacity: true)
              contents.head = 0
            }
            return .some(text)
          }
          if contents.isClosed { return .some(nil) }
          contents.waiter = continuation
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      close()
    }
  }

  /// Ends the mailbox: a waiting ``next()`` returns nil, and nothing more is queued.
  func close() {
    let waiter = contents.withLockedValue { contents in
      contents.isClosed = true
      defer { contents.waiter = nil }
      return contents.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// Hands `text` to a waiting reader, or queues it.
  private static func enqueue(_ text: String, _ contents: inout Contents) -> CheckedContinuation<
    String?, Never
  >? {
    if let waiter = contents.waiter {
      contents.waiter = nil
      return waiter
    }
    contents.queue.append(text)
    return nil
  }
}
