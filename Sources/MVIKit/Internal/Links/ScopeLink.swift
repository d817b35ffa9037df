/// A scoped store's way to its parent, as the scoped store sees it: where it reads its state
/// and where its intents go. A class, not a protocol, so that a store's core is one reference;
/// ``ScopeLink`` is the one kind there is.
@MainActor
@usableFromInline
class Upstream<Child: Model> {
  /// The send's way to the root store: a function with no captures, specialised where the
  /// link's types are known (``ScopeLink/route``), so that a send from any depth goes
  /// straight to the root through specialised code, retaining none of the stores between, and
  /// a scoped store costs no allocation for it. Those stores' own cut-off is not checked on
  /// the way: cutting a store off cuts off every store scoped from it.
  @usableFromInline final let route: Route<Child>
  /// The scoped store's state as last read from its parent: what it shows once cut off.
  // Unchecked, as a root's state in its engine: only the main actor touches it, each access a
  // whole read or a whole assignment (see the Architecture article, "Unchecked exclusivity").
  @exclusivity(unchecked) @usableFromInline final var state: Child.State
  /// The scoped store's side-effect channel, once made (see ``StoreCore/madeChannel``).
  final var madeChannel: SideEffects<Child.SideEffect>?

  init(route: @escaping Route<Child>, state: Child.State) {
    self.route = route
    self.state = state
  }

  /// The child's state in its parent now; nil once the parent forgot the child or was freed,
  /// or when the child's part is gone. The scoped store reads it only until it is cut off.
  @usableFromInline func read() -> Child.State? { nil }

  /// The state now, read from the parent, so that it is never stale; once the child's part
  /// is seen gone, `store` (the scoped store) is cut off for good and keeps the last state.
  @inlinable @inline(__always)
  final func currentState(of store: Store<Child>) -> Child.State {
    if !store.isCutOff {
      if let fresh = read() { state = fresh } else { cutOff(store) }
    }
    return state
  }

  /// Cuts `store` (the scoped store) off for good, and with it every store scoped from it,
  /// whose sends would skip it.
  @usableFromInline final func cutOff(_ store: Store<Child>) {
    guard !store.isCutOff else { return }
    store.isCutOff = true
    for below in store.children.all { below.entry.detach() }
  }

  /// Brings `store` (the scoped store) up to date after its parent reduced an intent.
  final func parentChanged(_ store: Store<Child>) {
    guard !store.isCutOff, let fresh = read() else { return }
    state = fresh
    store.notifyObservers()
  }

  /// The way up of a send whose site the root's taps hear: as ``route``, with the site carried
  /// along, up to the root's engine. Only while the root has something attached; the other
  /// sends take ``route``, which carries no site.
  @usableFromInline func routeWithSite(_ intent: Child.Intent, from site: SendSite) -> StoreTask {
    route(self, intent)
  }

  /// Whether the root's model is reducing right now (see ``StoreCore/isInsideReduce``).
  @usableFromInline var isRootInsideReduce: Bool { false }

  /// Reports an intent sent once the child is cut off.
  @usableFromInline func dropped(_ intent: Child.Intent) -> StoreTask { StoreTask(nil) }
  /// Cuts the child off for its parent, which forgets it: it no longer reports to the parent.
  @usableFromInline func detach() {}
  /// Cuts the child off for good as its parent is freed.
  @usableFromInline func parentFreed() {}
  /// Tells the parent, or its row group, that the child started or stopped being observed,
  /// until the parent forgets the child.
  @usableFromInline func observationChanged(_ isObserved: Bool) {}
  /// Reports a misuse to the root store's flow observer, or standard error.
  func warn(_ message: String) { writeRuntimeWarning(message) }
}

/// A scoped store's way to the root store, given the scoped store's upstream: see
/// ``Upstream/route``.
@usableFromInline
typealias Route<Child: Model> = @MainActor (Upstream<Child>, Child.Intent) -> StoreTask

/// A scoped store, as its parent (or a row group) sees it: what the parent does with it after
/// each reduce.
@MainActor
@usableFromInline
protocol ChildEntry<Parent>: AnyObject {
  associatedtype Parent: Model
  /// What the child's store is cached by in the parent.
  var key: ScopeKey { get }
  /// Whether the child, or one of its own scoped stores, is observed.
  var isObserved: Bool { get }
  /// Whether the child can be dismissed, so the parent checks it after each reduce.
  var canBeAbsent: Bool { get }
  /// Whether the child's state is gone; finding it gone cuts the child off.
  var isGone: Bool { get }
  /// Brings the child up to date after the parent reduced an intent.
  func refresh()
  /// Has the child's sends say where they came from, or stop.
  func setSendsSites(_ isOn: Bool)
  /// Hands a parent side effect to the child if it wraps one of the child's.
  func route(_ sideEffect: Parent.SideEffect) -> Bool
  /// Cuts the child off, when its part of the state is gone for good.
  func detach()
  /// Cuts the child off, as the parent is freed.
  func parentFreed()
}

/// One object per scoped store, shared by the store and its parent: the store reads and sends
/// through it, the parent refreshes, routes to and cuts off the store through it.
@usableFromInline
final class ScopeLink<L: ModelLink>: Upstream<L.Child>, ChildEntry {
  @usableFromInline typealias Parent = L.Parent
  @usableFromInline typealias Child = L.Child

  @usableFromInline let link: L
  /// The store scoped from, while the child is attached to it; nil once detached. Not
  /// retained: a store detaches the children it keeps as it is freed.
  @exclusivity(unchecked) @usableFromInline var parent: Unmanaged<Store<Parent>>?
  /// The store scoped from, once it forgot the child: the child's store may outlive it.
  weak var formerParent: Store<Parent>?
  /// The scoped store. The parent's cache keeps it alive while the parent uses this entry.
  unowned var child: Store<Child>?

  init(_ link: L, parent: Store<Parent>, route: @escaping Route<Child>, state: Child.State) {
    self.link = link
    self.parent = .passUnretained(parent)
    super.init(route: route, state: state)
  }

  // MARK: - Upstream

  @usableFromInline override func read() -> Child.State? {
    guard let parent else { return nil }
    return withUnretained(parent) { link.read($0.currentState) }
  }

  @usableFromInline override var isRootInsideReduce: Bool {
    guard let parent else { return false }
    return withUnretained(parent) { $0.core.isInsideReduce }
  }

  @usableFromInline override func dropped(_ intent: Child.Intent) -> StoreTask {
    warn(
      parent == nil && formerParent == nil
        ? "a scoped store sent \(intent) after the store it was scoped from was freed; dropped."
        : "Store<\(Child.self)> dropped \(intent): its part of its parent's state is gone.")
    return StoreTask(nil)
  }

  // The parent keeps the child's store alive while it calls these two.
  @usableFromInline override func detach() {
    if let child { cutOff(child) }
    // Held weakly from here on: a store kept by the app may be sent to after its parent is
    // freed, and must then report that, not read a freed store.
    formerParent = parent?.takeUnretainedValue()
    parent = nil
  }

  @usableFromInline override func parentFreed() {
    // Let go of first: no weak reference to a store being freed.
    parent = nil
    detach()
  }

  @usableFromInline override func observationChanged(_ isObserved: Bool) {
    guard let parent = parent?.takeUnretainedValue() else { return }
    link.observer(in: parent)?.childObservationChanged(isObserved: isObserved)
  }

  override func warn(_ message: String) {
    (parent?.takeUnretainedValue() ?? formerParent)?.warn(message) ?? writeRuntimeWarning(message)
  }

  /// The way up of a store scoped through `L`: the intent, embedded in the parent's intent,
  /// goes into the parent if it is the root store, else on up the parent's own way.
  @inlinable static var route: Route<Child> {
    { upstream, intent in
      let entry = unsafeDowncast(upstream, to: ScopeLink.self)
      return withUnretained(entry.parent.unsafelyUnwrapped) { parent in
        parent.core.sendUp(entry.link.embed(intent), from: parent)
      }
    }
  }

  @inlinable override func routeWithSite(_ intent: Child.Intent, from site: SendSite) -> StoreTask {
    withUnretained(parent.unsafelyUnwrapped) { parent in
      parent.core.sendUp(link.embed(intent), from: parent, site: site)
    }
  }

  // MARK: - ChildEntry

  @usableFromInline var key: ScopeKey { link.key }
  @usableFromInline var isObserved: Bool { child?.isObservedByItsParent ?? false }
  @usableFromInline var canBeAbsent: Bool { L.canBeAbsent }

  @usableFromInline var isGone: Bool {
    guard let child else { return true }
    _ = currentState(of: child)
    return child.isCutOff
  }

  @usableFromInline func refresh() {
    if let child { parentChanged(child) }
  }

  @usableFromInline func setSendsSites(_ isOn: Bool) { child?.setSendsSites(isOn) }

  @usableFromInline func route(_ sideEffect: Parent.SideEffect) -> Bool {
    guard let child, let childSideEffect = link.extractSideEffect(sideEffect) else { return false }
    return child.accept(childSideEffect)
  }
}

/// A store that scoped stores report to when they start or stop being observed, so that it
/// refreshes only the children someone watches.
@MainActor
@usableFromInline
protocol ObservedChild: AnyObject {
  func childObservationChanged(isObserved: Bool)
}

/// What a scoped store was scoped to: the state path, the child model, and for a case of an
/// enum, which case's payload reader.
// Key paths are immutable values; AnyKeyPath just isn't marked Sendable.
@usableFromInline
struct ScopeKey: Hashable, @unchecked Sendable {
  @usableFromInline let state: AnyKeyPath
  @usableFromInline let model: ObjectIdentifier
  @usableFromInline let id: ObjectIdentifier?

  init(_ state: AnyKeyPath, _ model: any Model.Type, case id: ObjectIdentifier? = nil) {
    self.state = state
    self.model = ObjectIdentifier(model)
    self.id = id
  }
}

/// The scoped stores a store keeps, by what they were scoped to. A short array rather than a
/// dictionary: a parent has a few scoped children (its rows live in one group), and the first
/// one then costs one small allocation instead of a hash table.
@MainActor
@usableFromInline
struct ChildStores<Parent: Model> {
  /// For each store scoped from this one (or group of row stores): the scoped store, held so
  /// scoping again returns it and it lives as long as its parent, and the entry the parent
  /// works through, which knows the key. Appended to only for a key that callers have found
  /// absent (or removed).
  @usableFromInline var all: [(store: AnyObject, entry: any ChildEntry<Parent>)] = []
  /// How many of them are observed, so a change must reach them. 32 bits, so that with the
  /// next and the store's `needsSlowSend` they fill what `all` leaves of two words.
  @usableFromInline var observed: Int32 = 0
  /// Whether any of them can be dismissed: they are checked after each reduce then, so that a
  /// dismissed child's store is cut off even when nothing read it while it was gone.
  @usableFromInline var optional = false

  /// The scoped store (or group of row stores) at `key`.
  subscript(key: ScopeKey) -> AnyObject? {
    // A loop, not `first(where:)`: unspecialised, that boxed each entry it looked at, an
    // allocation on every scope, which a view makes on every render.
    for (store, entry) in all where entry.key == key { return store }
    return nil
  }

  /// Forgets the scoped store at `key`; returns it and its entry.
  mutating func remove(_ key: ScopeKey) -> (store: AnyObject, entry: any ChildEntry<Parent>)? {
    // A loop, as above: an absent optional child is looked for here on every render.
    for index in all.indices where all[index].entry.key == key { return all.remove(at: index) }
    return nil
  }
}
