import MVIKit

/// The states a store went through, kept in memory so the View can step back and forward
/// through them (time travel) and then return to the live state.
///
/// ```swift
/// let history = StateHistory<Counter>()
/// let store = Store(initialState: .init(), model: Counter(), attaching: [history])
/// store.send(.increment)
/// history.show(history.count - 2)  // the View renders the state before the last change
/// history.returnToLive()           // and the live state again
/// ```
///
/// While a past state shows, the store refuses the View's intents, which would be computed
/// against the past (see `Store.isShowingPast`); intents that effects send meanwhile
/// are held and reduced in order once the store is live again, so no effect's answer is lost.
/// Needs no `Codable`.
@MainActor
public final class StateHistory<M: Model>: StoreAttachment {
  /// One state the store reached.
  public struct Entry {
    /// The intent that led to it; nil for the state the history started from.
    public var intent: M.Intent?
    /// Who sent that intent.
    public var origin: IntentOrigin?
    /// The state.
    public var state: M.State

    /// A state reached through `intent` sent by `origin`; no intent for a first state.
    public init(intent: M.Intent?, origin: IntentOrigin?, state: M.State) {
      self.intent = intent
      self.origin = origin
      self.state = state
    }
  }

  /// The states kept, oldest first: the state the history started from (or the oldest one
  /// kept), then one per intent that changed the state. A copy; ``entry(at:)`` reads one.
  public var entries: [Entry] { Array(storage[head...]) }
  /// The kept states start at `head`; dropped ones are removed in batches, so keeping a
  /// full history costs the same per intent as keeping a short one.
  private var storage: [Entry]
  private var head = 0
  /// The index in ``entries`` shown instead of the live state, or nil when live.
  public private(set) var position: Int?
  /// How many states are kept; older ones are dropped.
  public let limit: Int
  private var root: RootStoreHandle<M>?
  private var tap: FlowTap<M>?
  private var pending: (intent: M.Intent, origin: IntentOrigin)?

  /// A history that keeps up to `limit` states of the root store it is given to.
  public init(limit: Int = 1_000) {
    self.limit = max(2, limit)
    storage = []
  }

  /// A history that starts with `entries` (a replayed recording's, say): it keeps all of them,
  /// and up to `limit` states more before the oldest are dropped.
  ///
  /// The root store it is given to should start from the last entry's state.
  public init(entries: [Entry], limit: Int = 1_000) {
    self.limit = max(2, entries.count + limit)
    storage = entries
  }

  /// Starts keeping the store's states. Called by the store.
  public func attach(to root: RootStoreHandle<M>) {
    guard tap == nil, let state = root.state else { return }
    self.root = root
    if storage.isEmpty { storage = [Entry(intent: nil, origin: nil, state: state)] }
    tap = root.addTap { [weak self] event, context in self?.receive(event, context.origin) }
  }

  isolated deinit {
    if let tap { root?.removeTap(tap) }
    if position != nil { root?.resumeLive() }
  }

  /// How many states are kept.
  public var count: Int { storage.count - head }

  /// The state at `index` of ``entries``.
  public func entry(at index: Int) -> Entry {
    storage[head + index]
  }

  /// Whether the store shows its live state.
  public var isLive: Bool { position == nil }

  /// Shows the state at `index` of ``entries`` (clamped); the last index is the state before
  /// the live one changes again, so it looks live but intents are still held.
  public func show(_ index: Int) {
    guard let root, count > 0 else { return }
    let index = min(max(index, 0), count - 1)
    position = index
    root.showPast(entry(at: index).state, by: self) { [weak self] in self?.position = nil }
  }

  /// Shows the state before the one shown; when live, the one before the live state.
  public func stepBack() {
    show((position ?? count - 1) - 1)
  }

  /// Shows the state after the one shown; past the last one, returns to live.
  public func stepForward() {
    guard let position else { return }
    if position + 1 >= count { returnToLive() } else { show(position + 1) }
  }

  /// Shows the live state again and reduces the effects' intents held meanwhile.
  public func returnToLive() {
    guard position != nil else { return }
    position = nil
    root?.resumeLive()
  }

  private func receive(_ event: FlowEvent<M>, _ origin: IntentOrigin?) {
    switch event {
    case .intent(let intent):
      pending = (intent, origin ?? .view)
    case .stateChanged(_, let state):
      storage.append(Entry(intent: pending?.intent, origin: pending?.origin, state: state))
      if count > limit { head += count - limit }
      if head >= limit {
        storage.removeFirst(head)
        head = 0
      }
    case .sideEffect, .unhandledError, .runtimeWarning:
      break
    }
  }
}

extension StateHistory: StateTimeline {
  /// The intent that led to the state at `index`, as text, and its origin; nil for the first
  /// state kept.
  public func intent(at index: Int) -> (description: String, origin: IntentOrigin?)? {
    let entry = entry(at: index)
    return entry.intent.map { (String(describing: $0), entry.origin) }
  }
}
