/// The work started by one ``Store/send(_:fileID:line:)``: await it or cancel it.
///
/// It covers the whole cascade an intent causes: the tasks its effect starts and the tasks of
/// every intent those tasks feed back, however many steps down. A send whose effect is
/// ``Effect/none`` returns a task with no work; ``finish()`` returns at once.
public struct StoreTask: Sendable {
  @usableFromInline
  let cascade: Cascade?

  @inlinable
  package init(_ cascade: Cascade?) { self.cascade = cascade }

  /// Waits until every effect started by the send, and by the intents its effects sent, has
  /// finished. Cancelling the waiting task cancels the effects.
  ///
  /// After it returns, the state reflects every intent of the cascade:
  /// `await store.send(.refreshTapped).finish()` then read `store.items`.
  public func finish() async {
    guard let cascade else { return }
    await withTaskCancellationHandler {
      await cascade.wait()
    } onCancel: {
      cascade.cancel()
    }
  }

  /// Cancels every effect started by the send, and by the intents its effects sent.
  public func cancel() { cascade?.cancel() }

  /// Whether the send started any asynchronous work.
  package var hasWork: Bool { cascade != nil }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { cascade?.isCancelled ?? false }
}
