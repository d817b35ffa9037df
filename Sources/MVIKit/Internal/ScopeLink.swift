/// A scoped store's way to its parent, as the scoped store sees it: where it reads its state
/// and where its intents go. A class, not a protocol, so that a store's core is one reference;
/// what it does here is what a detached way up does (``ScopeLink`` overrides it).
@MainActor
@usableFromInline
class Upstream<Child: Model> {
  /// True once the child's part of the parent's state was seen gone: cut off for good.
  @exclusivity(unchecked) @usableFromInline final var isDetached = false
  /// Whether anyone asked the scoped store for its side effects: it takes its child's side
  /// effects only then, so they are never stranded in a sequence nobody reads.
  final var wantsSideEffects = false
  /// Told when the child starts or stops being observed: the parent, or its row group.
  final weak var observer: (any ObservedChild)?
  /// The send's way up, made where the link's types are known (a public `scope(_:)`,
  /// inlined into the app), so that each level runs specialised code: through the generic
  /// ``send(_:)`` a hop costs about 25 ns and the root's reduce 100 ns more. Takes no
  /// captures, so it costs no allocation.
  @exclusivity(unchecked) @usableFromInline final var hop:
    ((Upstream<Child>, Child.Intent) -> StoreTask)?

  /// The child's state in its parent now; nil once cut off, or when the parent or the child's
  /// part is gone.
  @usableFromInline func read() -> Child.State? { nil }
  /// Sends `intent` up to the root store, wrapped in each parent's intent case; once cut off,
  /// drops it with a report.
  @usableFromInline func send(_ intent: Child.Intent) -> StoreTask { StoreTask(nil) }

  /// Sends `intent` up: through the specialised hop when there is one.
  @inlinable final func forward(_ intent: Child.Intent) -> StoreTask {
    guard let hop else { return send(intent) }
    return hop(self, intent)
  }
  /// Cuts the child off from its parent for good, on finding its state gone.
  @usableFromInline final func cutOff() { isDetached = true }
  /// Cuts the child off for its parent, which forgets it: it no longer reports to the parent.
  final func detach() {
    observer = nil
    isDetached = true
  }
  /// Tells the parent that the child started or stopped being observed.
  final func observationChanged(isObserved: Bool) {
    observer?.childObservationChanged(isObserved: isObserved)
  }
  /// Reports a misuse to the root store's flow observer, or standard error.
  func warn(_ message: String) { writeRuntimeWarning(message) }
}

/// A scoped store, as its parent (or a row group) sees it: what the parent does with it after
/// each reduce.
@MainActor
protocol ChildEntry<Parent>: AnyObject {
  associatedtype Parent: Model
  /// Whether the child, or one of its own scoped stores, is observed.
  var isObserved: Bool { get }
  /// Whether the child can be dismissed, so the parent checks it after each reduce.
  var canBeAbsent: Bool { get }
  /// Whether the child's state is gone; finding it gone cuts the child off.
  var isGone: Bool { get }
  /// Brings the child up to date after the parent reduced an intent.
  func refresh()
  /// Hands a parent side effect to the child if it wraps one of the child's.
  func route(_ sideEffect: Parent.SideEffect) -> Bool
  /// Cuts the child off, when its part of the state is gone for good.
  func detach()
}

/// One object per scoped store, shared by the store and its parent: the store reads and sends
/// through it, the parent refreshes, routes to and cuts off the store through it.
@usableFromInline
final class ScopeLink<L: StoreLink>: Upstream<L.Child>, ChildEntry {
  typealias Parent = L.Parent

  @usableFromInline let link: L
  /// The store scoped from, read for the child's state.
  @exclusivity(unchecked) @usableFromInline weak var parent: Store<L.Parent>?
  /// The parent's own way up when the parent is scoped, so a send skips the stores between.
  @usableFromInline let parentUpstream: Upstream<L.Parent>?
  /// The scoped store. The parent's cache keeps it alive while the parent uses this entry.
  unowned var child: Store<L.Child>?

  init(_ link: L, parent: Store<L.Parent>, observer: any ObservedChild) {
    self.link = link
    self.parent = parent
    self.parentUpstream = parent.upstream
    super.init()
    self.observer = observer
  }

  // MARK: - Upstream

  @usableFromInline override func read() -> L.Child.State? {
    guard !isDetached, let parent else { return nil }
    return link.read(parent.currentState)
  }

  override func send(_ intent: L.Child.Intent) -> StoreTask {
    sendEmbedded(intent)
  }

  /// The send up, one level: inlined into a specialised ``Upstream/hop``, and run generically
  /// by ``send(_:)``.
  @inlinable final func sendEmbedded(_ intent: L.Child.Intent) -> StoreTask {
    guard !isDetached else { return dropped(intent) }
    if let parentUpstream { return parentUpstream.forward(link.embed(intent)) }
    guard let parent else { return dropped(intent) }
    return parent.send(link.embed(intent))
  }

  /// Reports an intent sent once the child is cut off, or its root store is freed.
  @usableFromInline func dropped(_ intent: L.Child.Intent) -> StoreTask {
    if isDetached {
      warn("Store<\(L.Child.self)> dropped \(intent): its part of its parent's state is gone.")
    } else {
      writeRuntimeWarning("a scoped store sent \(intent) after its root store was freed; dropped.")
    }
    return StoreTask(nil)
  }

  override func warn(_ message: String) {
    guard let parent else { return writeRuntimeWarning(message) }
    parent.warn(message)
  }

  // MARK: - ChildEntry

  var isObserved: Bool { child?.needsSlowSend ?? false }
  var canBeAbsent: Bool { L.canBeAbsent }

  var isGone: Bool {
    guard let child else { return true }
    _ = child.currentState
    return isDetached
  }

  func refresh() {
    child?.upstreamChanged()
  }

  func route(_ sideEffect: L.Parent.SideEffect) -> Bool {
    guard let child, let childSideEffect = link.extractSideEffect(sideEffect) else { return false }
    return child.accept(childSideEffect)
  }
}

/// A store that scoped stores report to when they start or stop being observed, so that it
/// refreshes only the children someone watches.
@MainActor
protocol ObservedChild: AnyObject {
  func childObservationChanged(isObserved: Bool)
}

/// What a scoped store was scoped to: the state path, the child model, and for a case of an
/// enum, which case's payload reader.
// Key paths are immutable values; AnyKeyPath just isn't marked Sendable.
struct ScopeKey: Hashable, @unchecked Sendable {
  let state: AnyKeyPath
  let model: ObjectIdentifier
  let id: ObjectIdentifier?
}

/// The scoped stores a store keeps, by what they were scoped to. A short array rather than a
/// dictionary: a parent has a few scoped children (its rows live in one group), and the first
/// one then costs one small allocation instead of a hash table.
@MainActor
struct ChildStores<Parent: Model> {
  /// For each store scoped from this one (or group of row stores): the scoped store, held so
  /// scoping again returns it and it lives as long as its parent, and the entry the parent
  /// works through. Appended to only for a key that callers have found absent (or removed).
  var all: [(key: ScopeKey, store: AnyObject, entry: any ChildEntry<Parent>)] = []
  /// How many of them are observed, so a change must reach them.
  var observed = 0
  /// How many of them can be dismissed, checked after each reduce so that a dismissed child's
  /// store is cut off even when nothing read it while it was gone.
  var optional = 0

  /// The scoped store (or group of row stores) at `key`.
  subscript(key: ScopeKey) -> AnyObject? {
    all.first { $0.key == key }?.store
  }

  /// Forgets the scoped store at `key`; returns its entry.
  mutating func remove(_ key: ScopeKey) -> (any ChildEntry<Parent>)? {
    all.firstIndex { $0.key == key }.map { all.remove(at: $0).entry }
  }
}
