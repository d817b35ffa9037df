/// One moment in the life of an effect's asynchronous work (the body of a
/// ``Effect/run(priority:_:catch:)``), as a ``FlowObserver`` given `effects:` sees it.
///
/// Each run is numbered in the order the store started it; its ``Moment/started`` comes right
/// after the reduce that returned it (or, for a later step of a
/// ``Effect/concatenate(_:)-(Effect<Intent,SideEffect>...)``, when the steps before it have
/// finished), and exactly one of ``Moment/finished``, ``Moment/cancelled`` and
/// ``Moment/failed(_:)`` ends it, after every intent it sent. They are made only while
/// something that hears them is attached: a store without one pays nothing.
public struct EffectLifecycleEvent {
  /// What happened to the run.
  public enum Moment: Sendable {
    /// The work started.
    case started
    /// The work returned, or threw an error that its `catch:` handler took.
    case finished
    /// The work ended cancelled: by ``Effect/cancel(id:)``, a
    /// ``Effect/cancellable(id:cancelInFlight:)`` that cancelled it in flight, its
    /// ``StoreTask``'s `cancel()`, its child leaving the state, or its store being freed.
    /// Reported when the work stops, which for work that ignores cancellation is when it
    /// returns.
    case cancelled
    /// The work threw an error that no `catch:` handler took.
    case failed(any Error)
  }

  /// The run's number: 1 for the first one the store started, counting only those started
  /// while something that hears them was attached.
  public let run: Int
  /// What happened.
  public let moment: Moment
  /// The innermost ``Effect/cancellable(id:cancelInFlight:)`` id the work runs under, if any.
  public let cancellationID: AnyHashable?
  /// The step that started the run: the number of the intent whose reduce returned it, counting
  /// the intents the store reported to its attachments (1 for the first).
  public let step: Int

  package init(run: Int, moment: Moment, cancellationID: AnyHashable?, step: Int) {
    self.run = run
    self.moment = moment
    self.cancellationID = cancellationID
    self.step = step
  }
}
