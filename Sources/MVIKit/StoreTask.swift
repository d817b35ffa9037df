/// The work started by one ``Store/send(_:)``: await it or cancel it.
///
/// A send whose effect is ``Effect/none`` returns a task with no work; ``finish()`` returns at
/// once.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let task: Task<Void, Never>?

  @inlinable
  package init(_ task: Task<Void, Never>?) {
    self.task = task
  }

  /// Waits until every effect started by the send has finished. Cancelling the waiting task
  /// cancels the effects.
  public func finish() async {
    guard let task else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Cancels every effect started by the send.
  public func cancel() {
    task?.cancel()
  }

  /// Whether the send started any asynchronous work.
  package var hasWork: Bool { task != nil }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    task?.isCancelled ?? false
  }
}
