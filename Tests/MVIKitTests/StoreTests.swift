import MVIKit
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1))) struct StoreTests {
  /// A store is one thing whether root or scoped: a few members, each used in both modes, the
  /// root's and the scoped store's own parts behind one core.
  @Test func aStoreKeepsAtMostEightMembersRootOrScoped() {
    let root = Store(initialState: Pair.State(), model: Pair())
    let scoped = root.scope(Pair.left)
    #expect(Mirror(reflecting: root).children.count <= 8)
    #expect(Mirror(reflecting: scoped).children.count == Mirror(reflecting: root).children.count)
  }

  @Test func sendReducesSynchronously() {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    store.send(.increment)
    store.send(.increment)
    #expect(store.count == 2)
    #expect(store.state == Counter.State(count: 2))
  }

  @Test func noneEffectStartsNoTask() {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    let task = store.send(.increment)
    #expect(!task.hasWork)
    #expect(store.runningEffectCount == 0)
  }

  @Test func runEffectFeedsItsResultBack() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is a number" }))
    store.send(.increment)
    let task = store.send(.factTapped)
    #expect(store.isLoading)
    await task.finish()
    #expect(store.fact == "1 is a number")
    #expect(!store.isLoading)
  }

  @Test func thrownErrorGoesToCatch() async {
    let store = Store(
      initialState: Counter.State(), model: Counter(fact: { _ in throw FactError() }))
    await store.send(.factTapped).finish()
    #expect(!store.isLoading)
    var sideEffects = store.sideEffects.makeAsyncIterator()
    #expect(await sideEffects.next() == .toast("no fact today"))
  }

  @Test func aChildsCatchHandlerSendsTheChildsIntentsThroughItsParent() async {
    let store = Store(initialState: CatchingParent.State(), model: CatchingParent())
    await store.scope(CatchingParent.child).send(.fail).finish()
    #expect(store.child.caught == ["no fact today"])
  }

  @Test func uncaughtErrorIsReportedToTheFlowObserver() async {
    var errors: [String] = []
    let store = Store(
      initialState: Lab.State(), model: Lab(),
      attaching: [
        FlowObserver { event in
          if case .unhandledError(let error) = event { errors.append(String(describing: error)) }
        }
      ])
    await store.send(.uncaught).finish()
    await Task.yield()
    #expect(errors == ["no fact today"])
  }

  @Test func sendingFromAnotherIsolationDomainAwaits() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    await Task.detached {
      _ = await store.send(.increment)
    }.value
    #expect(store.count == 1)
  }

  @Test func cancelInFlightKeepsOnlyTheLatestRequest() async {
    let store = Store(
      initialState: Counter.State(),
      model: Counter(fact: { n in
        try await Task.sleep(for: .milliseconds(n == 1 ? 500 : 10))
        return "fact \(n)"
      }))
    store.send(.increment)
    let first = store.send(.factTapped)
    store.send(.increment)
    let second = store.send(.factTapped)
    await second.finish()
    await first.finish()
    #expect(store.fact == "fact 2")
  }

  @Test func cancelByIDStopsTheEffect() async {
    let cancelled = Locked(false)
    let store = Store(
      initialState: Lab.State(), model: Lab(onCancel: { cancelled.withLock { $0 = true } }))
    let task = store.send(.startForever)
    store.send(.stop)
    await task.finish()
    #expect(cancelled.withLock { $0 })
    #expect(store.runningEffectCount == 0)
  }

  @Test func storeTaskCancelStopsTheEffect() async {
    let cancelled = Locked(false)
    let store = Store(
      initialState: Lab.State(), model: Lab(onCancel: { cancelled.withLock { $0 = true } }))
    let task = store.send(.startForever)
    task.cancel()
    await task.finish()
    #expect(cancelled.withLock { $0 })
  }

  @Test func deinitCancelsEveryEffect() async {
    let cancelled = Locked(false)
    var store: Store<Lab>? = Store(
      initialState: Lab.State(), model: Lab(onCancel: { cancelled.withLock { $0 = true } }))
    weak let weakStore = store
    let task = store?.send(.startForever)
    store = nil
    #expect(weakStore == nil)
    await task?.finish()
    #expect(cancelled.withLock { $0 })
  }

  @Test func lateResultsAfterDeinitAreDropped() async {
    let gate = AsyncStream<Void>.makeStream()
    var store: Store<Counter>? = Store(
      initialState: Counter.State(),
      model: Counter(fact: { _ in
        for await _ in gate.stream {}
        return "late"
      }))
    let task = store?.send(.factTapped)
    store = nil
    gate.continuation.finish()
    await task?.finish()
    #expect(store == nil)
  }

  @Test func mergeRunsAllAndSendIsSynchronous() {
    let store = Store(initialState: Lab.State(), model: Lab())
    store.send(.merged)
    #expect(store.log == ["a"])
    #expect(store.pendingSideEffectCount == 1)
  }

  @Test func concatenateRunsInOrder() async {
    let store = Store(initialState: Lab.State(), model: Lab(clock: ImmediateClock()))
    await store.send(.chained).finish()
    #expect(store.log == ["first", "second"])
  }

  // A send's cascade is reused by the next send once nothing holds it any more: one that the
  // app kept must stay its own, and a reused one must not carry its cancellation over.
  @Test func aFinishedTaskTheAppKeptIsNotTheNextSendsTask() async {
    let store = Store(initialState: Lab.State(), model: Lab(clock: ImmediateClock()))
    let first = store.send(.start("a"))
    await first.finish()
    let second = store.send(.startForever)
    first.cancel()
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    #expect(store.runningEffectCount == 1)
    second.cancel()
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func aSendAfterACancelledOneThatNobodyKeptRunsItsWork() async {
    let store = Store(initialState: Lab.State(), model: Lab(clock: ImmediateClock()))
    for word in ["a", "b", "c"] {
      do {
        let task = store.send(.startForever)
        task.cancel()
        await task.finish()
      }
      await store.send(.start(word)).finish()
    }
    #expect(store.log == ["a", "b", "c"])
  }
}

/// A clock whose sleeps return at once, for tests that only care about order.
struct ImmediateClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }
  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}

/// A child whose effect fails and whose handler sends the error back as an intent.
struct Catching: Model {
  struct State: Equatable, Sendable { var caught: [String] = [] }
  enum Intent: Equatable, Sendable {
    case fail
    case caught(String)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .fail:
      return .run { _ in
        throw FactError()
      } catch: { error, send in
        await send(.caught("\(error)"))
      }
    case .caught(let text):
      state.caught.append(text)
      return .none
    }
  }
}

struct CatchingParent: Model {
  struct State: Equatable, Sendable { var child = Catching.State() }
  enum Intent: Equatable, Sendable { case child(Catching.Intent) }

  static let child = ChildLink<CatchingParent, Catching>(state: \.child, intent: Intent.child)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .child(let intent): Self.child.reduce(Catching(), &state, intent)
    }
  }
}
