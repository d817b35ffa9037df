/// What a store runs by: a root store runs the model in its engine, which owns the state; a
/// scoped store reads its state from its parent and sends up to it, through its upstream,
/// which keeps the state last read (the store itself knows whether it is cut off). Every
/// decision that differs between the two is a member here, and no other code asks which kind
/// a store is: the root-only API (attachments, the paused View) reaches the engine through
/// ``engine`` and says in its docs what a scoped store answers.
@MainActor
@usableFromInline
enum StoreCore<M: Model> {
  case root(StoreEngine<M>)
  case scoped(Upstream<M>)

  /// The root store's engine, for ``withUnretained(_:_:)``; nil in a scoped store.
  // The binding ends here, so no copy of it lives on across the calls that use the engine.
  @inlinable var unretainedEngine: Unmanaged<StoreEngine<M>>? {
    if case .root(let engine) = self { .passUnretained(engine) } else { nil }
  }

  /// A scoped store's way to its parent, for ``withUnretained(_:_:)``; nil in a root store.
  @inlinable var unretainedUpstream: Unmanaged<Upstream<M>>? {
    if case .scoped(let upstream) = self { .passUnretained(upstream) } else { nil }
  }

  /// The root store's engine, for the API only a root store has; nil in a scoped store.
  @inlinable var engine: StoreEngine<M>? { unretainedEngine?.takeUnretainedValue() }

  /// A scoped store's way to its parent; nil in a root store.
  @inlinable var upstream: Upstream<M>? { unretainedUpstream?.takeUnretainedValue() }

  // MARK: - The state

  /// The state now: the root's own, in its engine; a scoped store's read from its parent, so
  /// that it is never stale, until it is cut off (see ``Upstream/currentState(of:)``).
  @inlinable @inline(__always)
  func currentState(of store: Store<M>) -> M.State {
    switch self {
    case .root(let engine): engine.readState()
    case .scoped(let upstream): upstream.currentState(of: store)
    }
  }

  /// The state as it is held, without reading a scoped store's parent: what observers compare.
  // Yielded, not returned: the observers compare it in place, with no copy of the state.
  @inlinable var heldState: M.State {
    _read {
      switch self {
      case .root(let engine): yield engine.state
      case .scoped(let upstream): yield upstream.state
      }
    }
  }

  /// Whether the root's model is reducing right now, when the state cannot be read (see
  /// ``StoreEngine/readState()``): asked by what may run there and has a way around the read.
  var isInsideReduce: Bool {
    switch self {
    case .root(let engine): engine.isInReduce
    case .scoped(let upstream): upstream.isRootInsideReduce
    }
  }

  /// Tells a scoped store's parent that the store started or stopped being observed; a root
  /// store has no parent to tell.
  func observationChanged(_ isObserved: Bool) {
    upstream?.observationChanged(isObserved)
  }

  /// Cuts `store` off for good, if it is a scoped store.
  func cutOff(_ store: Store<M>) {
    upstream?.cutOff(store)
  }

  /// The store's side-effect channel, made on the first read of ``Store/sideEffects`` or a
  /// root store's first side effect, and finished when the store is freed. Kept by the core,
  /// one object per store already, so that a store fits fewer bytes: a scoped store takes its
  /// child's side effects only once it has one, so they are never stranded in a sequence
  /// nobody reads.
  var madeChannel: SideEffects<M.SideEffect>? {
    get {
      switch self {
      case .root(let engine): engine.madeChannel
      case .scoped(let upstream): upstream.madeChannel
      }
    }
    nonmutating set {
      switch self {
      case .root(let engine): engine.madeChannel = newValue
      case .scoped(let upstream): upstream.madeChannel = newValue
      }
    }
  }

  // MARK: - Sending

  /// A send from the View or from code: a root store reduces it (see
  /// ``Store/send(_:to:from:)``); a scoped store sends it up, with `site` while its root has
  /// something attached.
  @inlinable @inline(__always)
  func send(_ intent: M.Intent, by store: Store<M>, from site: SendSite) -> StoreTask {
    guard let engine = unretainedEngine else {
      guard !store.sendsSites else { return sendUpFromScoped(intent, by: store, from: site) }
      return sendUpFromScoped(intent, by: store)
    }
    return store.send(intent, to: engine, from: site)
  }

  /// A scoped store's send: up to the root, or dropped with a report once cut off.
  // Inlined into the send: three instructions more for a root send (its frame saves more
  // registers), a call and a frame fewer for every scoped send (`make bench-instructions`).
  @inlinable @inline(__always)
  func sendUpFromScoped(_ intent: M.Intent, by store: Store<M>) -> StoreTask {
    guard let upstream = unretainedUpstream else { return StoreTask(nil) }
    // The store keeps its upstream alive, so the send need not retain it.
    return withUnretained(upstream) {
      store.isCutOff ? $0.dropped(intent) : $0.route($0, intent)
    }
  }

  /// A scoped store's send while its root has something attached: up to the root with its
  /// site, which the root's engine queues with the intent. Specialised (an unspecialised call
  /// takes the intent by address, and every send would store it first) but never inlined.
  @inlinable @inline(never)
  func sendUpFromScoped(_ intent: M.Intent, by store: Store<M>, from site: SendSite)
    -> StoreTask
  {
    guard let upstream = unretainedUpstream else { return StoreTask(nil) }
    return withUnretained(upstream) {
      store.isCutOff ? $0.dropped(intent) : $0.routeWithSite(intent, from: site)
    }
  }

  /// The next step up of what a store scoped from `store` sent, embedded in `store`'s intent:
  /// into `store` if it is the root, else on up its own way. While nothing hears sites.
  @inlinable @inline(__always)
  func sendUp(_ intent: M.Intent, from store: Store<M>) -> StoreTask {
    guard let above = unretainedUpstream else { return sendFromBelow(intent, into: store) }
    return withUnretained(above) { $0.route($0, intent) }
  }

  /// The same while something is attached: `site`, carried up from the scoped store, reaches
  /// the root's taps with the intent.
  @inlinable @inline(__always)
  func sendUp(_ intent: M.Intent, from store: Store<M>, site: SendSite) -> StoreTask {
    guard let above = unretainedUpstream else {
      return sendFromBelow(intent, into: store, site: site)
    }
    return withUnretained(above) { $0.routeWithSite(intent, from: site) }
  }

  /// A root store's send of what a scoped store sent, at the end of its way up, while nothing
  /// hears sites (the engine never reads it). Not inlined into the way up, whose every step
  /// would then be a closure of its own (ten scopes deep: 56 instructions more).
  @inlinable @inline(never)
  func sendFromBelow(_ intent: M.Intent, into store: Store<M>) -> StoreTask {
    guard let engine = unretainedEngine else { return StoreTask(nil) }
    return store.send(intent, to: engine, from: .unknown)
  }

  /// The same while something is attached: `site` goes to the taps with the intent. Apart
  /// from the other, whose callers would all pass a site they do not have (71 instructions
  /// more ten scopes deep).
  @inlinable @inline(never)
  func sendFromBelow(_ intent: M.Intent, into store: Store<M>, site: SendSite) -> StoreTask {
    guard let engine = unretainedEngine else { return StoreTask(nil) }
    return store.send(intent, to: engine, from: site)
  }

  // MARK: - The rest of a store's life

  /// Why a send takes the slow path that only a root store has: what is attached, a paused
  /// View, presence watches. For the debug check of ``Store/slowPathReasons``.
  func rootSlowPathReasons() -> SlowPathReasons {
    guard let engine else { return [] }
    var reasons: SlowPathReasons = []
    if !engine.taps.isEmpty { reasons.insert(.attached) }
    if engine.pause != nil { reasons.insert(.paused) }
    if engine.isWatchingPresence { reasons.insert(.presenceWatched) }
    return reasons
  }

  /// As `store` is freed: a root store's engine cancels its effects and drops what they send
  /// back from here on; a scoped store has nothing running of its own.
  func storeFreed() {
    guard let engine else { return }
    // First, so that nothing reaches the store from here on through its engine: an
    // attachment's handle reads the store there.
    engine.face = nil
    engine.cancelAll()
    // Its tasks may outlive the store: what they send back is dropped from here on.
    engine.sink = nil
  }

  /// Reports a misuse the store survived: to the root's attachments (and standard error unless
  /// a flow observer shows it), from a scoped store through its parents.
  func warn(_ message: String) {
    switch self {
    case .root(let engine): engine.warn(message)
    case .scoped(let upstream): upstream.warn(message)
    }
  }
}
