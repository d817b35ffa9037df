import Clocks
import MVIKit
import MVIKitTesting
import Testing

// The code of the Effects article, compiled and run here: ArticleSnippetTests fails when a
// swift block of the article is not found in this file line for line, so change the two
// together.

/// The article's models, in a namespace: this module already has a `Counter`, a `Search` of
/// its own would read as the fixtures', and the fragments of several sections share names.
enum EffectsArticle {
  /// The counter of the first sections: a reset that saves, a chain of fed-back intents, a
  /// toast and a fact.
  struct Counter: Model {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
      var isLoading = false
    }
    enum Intent: Equatable, Sendable {
      case resetTapped, saveRequested, saved
      case tap, next, end, more
      case factTapped
      case factLoaded(String)
      case factFailed(String)
    }
    enum SideEffect: Equatable, Sendable { case toast(String) }

    var fact: @Sendable (Int) async throws -> String
    var save: @Sendable (Int) async throws -> Void = { _ in }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .resetTapped:
        state.count = 0
        return .send(.saveRequested)
      case .saveRequested:
        return .run { [count = state.count] send in
          try await save(count)
          await send(.saved)
        }
      case .saved:
        return .emit(.toast("Saved"))
      case .tap:
        return .merge(.send(.next), .send(.end))
      case .next:
        return .send(.more)
      case .end, .more:
        return .none
      case .factTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factLoaded(try await fact(count)))
        } catch: { error, send in
          await send(.factFailed(String(describing: error)))
        }
      case .factLoaded(let text):
        state.isLoading = false
        state.fact = text
        return .none
      case .factFailed(let message):
        state.isLoading = false
        return .emit(.toast(message))
      }
    }
  }

  /// The service of "Combining effects".
  struct API: Sendable {
    var profile: @Sendable () async throws -> String
    var settings: @Sendable () async throws -> [String]
    var signOut: @Sendable () async throws -> Void
  }

  /// Two loads at once on appearing, and a sign-out that shows the sign-in screen after it.
  struct Account: Model {
    struct State: Equatable, Sendable {
      var profile: String?
      var settings: [String]?
    }
    enum Intent: Equatable, Sendable {
      case appeared, signOutTapped
      case profileLoaded(String)
      case settingsLoaded([String])
    }
    enum SideEffect: Equatable, Sendable { case showSignIn }

    var api: API

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .appeared:
        return .merge(
          .run { send in await send(.profileLoaded(try await api.profile())) },
          .run { send in await send(.settingsLoaded(try await api.settings())) }
        )

      case .signOutTapped:
        return .concatenate(
          .run { _ in try await api.signOut() },
          .emit(.showSignIn)
        )

      case .profileLoaded(let profile):
        state.profile = profile
        return .none
      case .settingsLoaded(let settings):
        state.settings = settings
        return .none
      }
    }
  }

  /// The service of "Cancellation": a stream of progress, from 0 to 1.
  struct Downloader: Sendable {
    var start: @Sendable () -> AsyncThrowingStream<Double, any Error>
  }

  /// A download that reports its progress until it ends or is cancelled.
  struct Download: Model {
    struct State: Equatable, Sendable {
      var progress = 0.0
    }
    enum Intent: Equatable, Sendable {
      case downloadTapped, cancelTapped
      case progressed(Double)
    }

    enum CancelID { case download }

    var downloader: Downloader

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .downloadTapped:
        return .run { send in
          for try await progress in downloader.start() {
            await send(.progressed(progress))
          }
        }
        .cancellable(id: CancelID.download)

      case .cancelTapped:
        return .cancel(id: CancelID.download)
      case .progressed(let progress):
        state.progress = progress
        return .none
      }
    }
  }

  /// The flow of "Waiting for a whole cascade": a request, then a save, then a report of it.
  struct Feed: Model {
    struct State: Equatable, Sendable {
      var items: [String] = []
      var lastSaved: [String]?
    }
    enum Intent: Equatable, Sendable {
      case refreshTapped
      case itemsLoaded([String])
      case saved
    }

    var fetch: @Sendable () async throws -> [String]
    var saveToDisk: @Sendable ([String]) async throws -> Void

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .refreshTapped:
        return .run { send in await send(.itemsLoaded(try await fetch())) }
      case .itemsLoaded(let items):
        state.items = items
        return .run { send in
          try await saveToDisk(items)
          await send(.saved)
        }
      case .saved:
        state.lastSaved = state.items
        return .none
      }
    }
  }

  /// The throttle of "Timing": at most one report per second.
  struct Scroller: Model {
    struct State: Equatable, Sendable {
      var scroll = Throttle<Intent>(for: .seconds(1), ended: .scrollWindowEnded)
      var reported: [Int] = []
    }
    enum Intent: Equatable, Sendable {
      case scrolled(Int)
      case scrollWindowEnded
      case report(Int)
    }

    var clock: any Clock<Duration>

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .scrolled(let offset):
        return state.scroll.offer(.report(offset), clock: clock)
      case .scrollWindowEnded:
        return state.scroll.end(clock: clock)
      case .report(let offset):
        state.reported.append(offset)
        return .none
      }
    }
  }

  struct Search: Model {
    struct State: Equatable, Sendable {
      var query = ""
      var results: [String] = []
    }

    enum Intent: Equatable, Sendable {
      case queryChanged(String)
      case resultsLoaded([String])
    }

    enum CancelID { case search }

    var search: @Sendable (String) async throws -> [String]
    var clock: any Clock<Duration> = ContinuousClock()

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .queryChanged(let query):
        state.query = query
        return .run { send in
          await send(.resultsLoaded(try await search(query)))
        }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)

      case .resultsLoaded(let results):
        state.results = results
        return .none
      }
    }
  }

  /// The parent of "Embedding a child's effects": the counter above as its child.
  struct Screen: Model {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
    }
    enum Intent: Equatable, Sendable {
      case counter(Counter.Intent)
    }
    enum SideEffect: Equatable, Sendable {
      case counter(Counter.SideEffect)
    }

    var counter: Counter

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .counter(let childIntent):
        return counter.reduce(&state.counter, childIntent)
          .map(intent: Intent.counter, sideEffect: SideEffect.counter)
      }
    }
  }

  /// A row whose download is marked with an identifier that does not name the row: what the
  /// article says of identifiers and rows.
  struct FileRow: Model {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
    }
    enum Intent: Equatable, Sendable {
      case downloadTapped, cancelTapped, finished
    }
    enum SideEffect: Equatable, Sendable { case downloaded }

    var clock: any Clock<Duration>

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .downloadTapped:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.finished)
        }
        .cancellable(id: "download")
      case .cancelTapped:
        return .cancel(id: "download")
      case .finished:
        return .emit(.downloaded)
      }
    }
  }

  /// The rows of `FileRow`, whose side effects reach the parent keyed by the row's id.
  struct Files: Model {
    struct State: Equatable, Sendable {
      var files: Rows<FileRow.State> = []
    }
    enum Intent: Equatable, Sendable {
      case files(Keyed<Int, FileRow.Intent>)
    }
    enum SideEffect: Equatable, Sendable {
      case files(Keyed<Int, FileRow.SideEffect>)
    }

    static let files = RowsLink<Files, FileRow>(
      state: \.files, intent: Intent.files, sideEffect: SideEffect.files)

    var clock: any Clock<Duration>

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .files(let rowIntent):
        return Self.files.reduce(FileRow(clock: clock), &state, rowIntent)
      }
    }
  }
}

/// The article's observed store, of the module's `Counter` (CounterExample's, as in Getting
/// Started).
@MainActor
private func observedCounter(
  numberFact: @escaping @Sendable (Int) async throws -> String
) -> Store<Counter> {
  let store = Store(
    initialState: Counter.State(), model: Counter(fact: numberFact),
    attaching: [
      FlowObserver { event in
        if case .intent(let intent) = event { print("→", intent) }
      }
    ])
  return store
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct EffectsArticleTests {
  typealias Counter = EffectsArticle.Counter
  typealias Account = EffectsArticle.Account
  typealias Download = EffectsArticle.Download
  typealias Feed = EffectsArticle.Feed
  typealias Scroller = EffectsArticle.Scroller
  typealias Search = EffectsArticle.Search
  typealias Screen = EffectsArticle.Screen
  typealias Files = EffectsArticle.Files

  @Test func aResetSavesThenToasts() async {
    let saved = SavedCounts()
    let store = TestStore(
      initialState: Counter.State(count: 3),
      model: Counter(fact: { "\($0)" }, save: { await saved.append($0) }))
    await store.send(.resetTapped) { $0.count = 0 }
    await store.receive(.saveRequested)
    await store.receive(.saved)
    await store.receiveSideEffect(.toast("Saved"))
    await store.finish()
    #expect(await saved.counts == [0])
  }

  @Test func fedBackIntentsAreReducedFirstInFirstOut() async {
    let store = TestStore(initialState: Counter.State(), model: Counter(fact: { "\($0)" }))
    await store.send(.tap)
    // Exhaustive: `more` before `end` would fail here.
    await store.receive(.next)
    await store.receive(.end)
    await store.receive(.more)
    await store.finish()
  }

  @Test func aFactIsLoadedOrItsFailureToasted() async {
    let answers = TestStore(
      initialState: Counter.State(), model: Counter(fact: { "\($0) is even" }))
    await answers.send(.factTapped) { $0.isLoading = true }
    await answers.receive(.factLoaded("0 is even")) {
      $0.isLoading = false
      $0.fact = "0 is even"
    }
    await answers.finish()

    let fails = TestStore(
      initialState: Counter.State(), model: Counter(fact: { _ in throw FactError() }))
    await fails.send(.factTapped) { $0.isLoading = true }
    await fails.receive(.factFailed("no fact today")) { $0.isLoading = false }
    await fails.receiveSideEffect(.toast("no fact today"))
    await fails.finish()
  }

  @Test func theObservedCounterRunsAsAPlainOne() async {
    let store = observedCounter(numberFact: { "\($0) is odd" })
    await store.send(.factTapped).finish()
    #expect(store.fact == "0 is odd")
  }

  @Test func mergedLoadsBothLandAndSignOutShowsSignInAfterIt() async {
    let api = EffectsArticle.API(
      profile: { "Ada" }, settings: { ["dark"] }, signOut: {})
    // A live store: the two loads of a merge answer in either order.
    let store = Store(initialState: Account.State(), model: Account(api: api))
    await store.send(.appeared).finish()
    #expect(store.profile == "Ada")
    #expect(store.settings == ["dark"])

    let test = TestStore(initialState: Account.State(), model: Account(api: api))
    await test.send(.signOutTapped)
    await test.receiveSideEffect(.showSignIn)
    await test.finish()
  }

  @Test func cancelTappedEndsTheDownload() async {
    let (progress, continuation) = AsyncThrowingStream<Double, any Error>.makeStream()
    defer { continuation.finish() }
    let store = TestStore(
      initialState: Download.State(),
      model: Download(downloader: EffectsArticle.Downloader(start: { progress })))
    await store.send(.downloadTapped)
    continuation.yield(0.5)
    await store.receive(.progressed(0.5)) { $0.progress = 0.5 }
    // The stream never ends by itself: only the cancellation lets `finish` return.
    await store.send(.cancelTapped)
    await store.finish()
  }

  @Test func finishWaitsForTheWholeCascade() async {
    let store = Store(
      initialState: Feed.State(), model: Feed(fetch: { ["milk"] }, saveToDisk: { _ in }))
    // refreshTapped runs a request that sends itemsLoaded, whose effect saves to disk and sends
    // saved: finish() returns after saved is reduced.
    await store.send(.refreshTapped).finish()
    #expect(store.lastSaved != nil)
  }

  @Test func aSearchRunsOnceTheTypingPauses() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), model: Search(search: { [$0 + "!"] }, clock: clock))
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.untilSleeping()
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.untilSleeping()
    await clock.advance(by: .milliseconds(300))
    // Exhaustive: a search for "a" would be received first and fail.
    await store.receive(.resultsLoaded(["ab!"])) { $0.results = ["ab!"] }
    await store.finish()
  }

  @Test func aThrottleLetsOneReportThroughEachSecond() async {
    let clock = TestClock()
    let store = TestStore(initialState: Scroller.State(), model: Scroller(clock: clock))
    await store.send(.scrolled(1)) { $0.scroll.isWindowOpen = true }
    await store.receive(.report(1)) { $0.reported = [1] }
    await store.send(.scrolled(2)) { $0.scroll.held = .report(2) }
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.held = nil }
    await store.receive(.report(2)) { $0.reported = [1, 2] }
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.isWindowOpen = false }
    await store.finish()
  }

  @Test func aChildsEffectsReachTheParentInItsCases() async {
    let store = TestStore(
      initialState: Screen.State(), model: Screen(counter: Counter(fact: { "\($0)" })))
    await store.send(.counter(.tap))
    await store.receive(.counter(.next))
    await store.receive(.counter(.end))
    await store.receive(.counter(.more))
    await store.send(.counter(.saved))
    await store.receiveSideEffect(.counter(.toast("Saved")))
    await store.finish()
  }

  @Test func aRowsSideEffectReachesTheParentKeyedByTheRow() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Files.State(files: [.init(id: 1), .init(id: 2)]),
      model: Files(clock: clock))
    await store.send(.files(Keyed(2, .downloadTapped)))
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.files(Keyed(2, .finished)))
    await store.receiveSideEffect(.files(Keyed(2, .downloaded)))
    await store.finish()
  }

  @Test func aCancellationIDIsSharedByEveryRow() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Files.State(files: [.init(id: 1), .init(id: 2)]),
      model: Files(clock: clock))
    await store.send(.files(Keyed(1, .downloadTapped)))
    await store.send(.files(Keyed(2, .downloadTapped)))
    // Row 1 cancels by an identifier that does not name it: row 2's download ends too, or
    // `finish` would find it still running.
    await store.send(.files(Keyed(1, .cancelTapped)))
    await store.finish()
  }
}

/// What the counter's save dependency was given, across the effect's task.
private actor SavedCounts {
  var counts: [Int] = []

  func append(_ count: Int) { counts.append(count) }
}
