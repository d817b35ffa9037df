/// Sees every intent, state change, side effect, unhandled effect error and reported misuse of
/// a root store, in order, from its first send.
///
/// Attach it when the store is made; a scoped store takes no attachments, so it cannot be given
/// a flow of its own (its intents reach the root's observer in the parent's intent case):
///
/// ```swift
/// let store = Store(
///   initialState: .init(), model: Counter(),
///   attaching: [FlowObserver { event in print(event) }])
/// ```
///
/// Use it for logging (MVIKitRecording's `FlowLogger`: `FlowObserver(logger.log)`) or
/// analytics. It runs on the main actor inside ``Store/send(_:fileID:line:)``, so keep it
/// quick; while it is attached, each send keeps a copy of the previous state for
/// ``FlowEvent/stateChanged(from:to:)``. Several observers see each event in the order they
/// were attached.
///
/// Given `effects:`, it also sees each effect run's start and end (an
/// ``EffectLifecycleEvent``): which run, the cancellation id it runs under, the step that
/// started it, and whether it finished, was cancelled or failed.
public final class FlowObserver<M: Model>: StoreAttachment {
  private let observe: @MainActor (FlowEvent<M>) -> Void
  private let effects: (@MainActor (EffectLifecycleEvent) -> Void)?

  /// An observer that calls `observe` with each event of the store it is attached to.
  public init(_ observe: @escaping @MainActor (FlowEvent<M>) -> Void) {
    self.observe = observe
    effects = nil
  }

  /// An observer that calls `observe` with each event of the store it is attached to, and
  /// `effects` with each start and end of an effect's asynchronous work.
  public init(
    _ observe: @escaping @MainActor (FlowEvent<M>) -> Void,
    effects: @escaping @MainActor (EffectLifecycleEvent) -> Void
  ) {
    self.observe = observe
    self.effects = effects
  }

  /// Starts observing `root`'s flow; called by ``Store/init(initialState:model:attaching:)``.
  public func attach(to root: RootStoreHandle<M>) {
    root.add(FlowTap({ [observe] event, _ in observe(event) }, effects: effects, kind: .observer))
  }
}
