/// What only a root store has: the model it runs, its intent queues, the effect runner, and the
/// taps and time travel of the debugging aids attached to it. A scoped store has none of these:
/// it sends up to its root.
@MainActor
@usableFromInline
final class RootCore<M: Model>: EffectRunner<M.Intent, M.SideEffect> {
  @usableFromInline let model: M
  /// Intents that the intent being reduced fed back, reduced first in, first out.
  @exclusivity(unchecked) @usableFromInline var queue = IntentQueue<M.Intent>()
  /// Intents sent from outside while the store reduces (by an observer, say): each waits until
  /// the intents before it have done all their synchronous work.
  @exclusivity(unchecked) @usableFromInline var deferred = IntentQueue<M.Intent>()
  /// Flow observers and the taps of debugging aids, in the order they were added.
  @usableFromInline var listeners: [FlowTap<M>] = []
  /// Set while state persistence waits to hear that the state may have changed. It makes the
  /// next send take the slow path, whose reduce takes it and calls it: the sends after it,
  /// until persistence asks again, take the fast path and pay nothing.
  @usableFromInline var changeListener: (@MainActor () -> Void)?
  /// Set while a debugging aid (a `StateHistory`, the inspector) shows a past state: the live
  /// state, and who showed the past. The View's intents are refused meanwhile; the effects'
  /// wait in `deferred`, reduced once the store is live again.
  @usableFromInline var shownPast: ShownPast<M.State>?
  /// True from the first reduce of a send until both queues are empty. Last, so that it fits
  /// beside the state's optional tag.
  @exclusivity(unchecked) @usableFromInline var isReducing = false

  init(model: M) { self.model = model }

  // Spelled out, as the compiler's own stub for the runner's initialiser, which a core does not
  // inherit, draws a false "infinite recursion" warning. Unavailable, so it is never called.
  @available(*, unavailable) override init() { fatalError("a root core is made with its model") }

  /// Whether a send must tell the flow's listeners, hold intents for time travel, or check
  /// the presence of children whose work runs.
  @inlinable var needsSlowSend: Bool {
    !listeners.isEmpty || shownPast != nil || isWatchingPresence || changeListener != nil
  }
}

/// What a store runs by: a root store runs the model, a scoped store sends up to its parent.
@MainActor
@usableFromInline
enum StoreCore<M: Model> {
  case root(RootCore<M>)
  case scoped(Upstream<M>)
  /// A scoped store whose part of its parent's state was seen gone, or whose parent was cut
  /// off or forgot it: cut off for good, it keeps its last state and drops what it is sent.
  case cutOff(Upstream<M>)
}

extension Store {
  /// The root store's core; nil in a scoped store.
  @inlinable var root: RootCore<M>? { unretainedRoot?.takeUnretainedValue() }

  /// A scoped store's way to its parent; nil in a root store.
  @inlinable var upstream: Upstream<M>? { unretainedUpstream?.takeUnretainedValue() }

  /// The root store's core, for ``withUnretained(_:_:)``; nil in a scoped store.
  // The binding ends here, so no copy of it lives on across the calls that use the core.
  @inlinable var unretainedRoot: Unmanaged<RootCore<M>>? {
    if case .root(let root) = core { .passUnretained(root) } else { nil }
  }

  /// A scoped store's way to its parent, for ``withUnretained(_:_:)``; nil in a root store.
  @inlinable var unretainedUpstream: Unmanaged<Upstream<M>>? {
    switch core {
    case .root: nil
    case .scoped(let upstream), .cutOff(let upstream): .passUnretained(upstream)
    }
  }

  /// Whether this scoped store is cut off for good.
  @inlinable var isCutOff: Bool { if case .cutOff = core { true } else { false } }
}

/// An intent waiting to be reduced, with the cascade its work joins (nil: the cascade of the
/// send being drained) and where it came from.
@usableFromInline
typealias QueuedIntent<Intent> = (intent: Intent, cascade: Cascade?, origin: IntentOrigin)

/// Intents waiting to be reduced, first in, first out. Keeps its storage between sends, so a
/// chain of fed-back intents allocates nothing once the queue has grown to the chain's width.
@usableFromInline
typealias IntentQueue<Intent> = FIFOBuffer<QueuedIntent<Intent>>

/// A past state shown in place of the live one: what the store holds meanwhile.
@usableFromInline
struct ShownPast<State> {
  /// The live state, shown again when the past is let go.
  var live: State
  /// Who showed the past, so that its own next step is not taken for another's.
  let owner: AnyObject
  /// Tells the owner that the past it showed is shown no more: the store returned to live, or
  /// another debugging aid showed a state of its own.
  let letGo: @MainActor () -> Void
}
