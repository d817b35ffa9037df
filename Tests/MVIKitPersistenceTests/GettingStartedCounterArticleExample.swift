import MVIKit
import MVIKitPersistence
import MVIKitTesting
import Testing

// The code of MVIKit's Getting Started article, compiled and run here: MVIKitTests'
// ArticleSnippetTests fails when a swift block of the article is not found in this file line
// for line, so change the two together. It lives in this module, not in MVIKitTests, because
// the article extends its `Counter` at file scope, which MVIKitTests' own `Counter`
// (CounterExample's) forbids, and because it keeps the count with MVIKitPersistence.

struct Counter: Model {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Intent: Equatable, Sendable {
    case increment
    case factTapped
    case factLoaded(String)
    case factFailed(String)
  }

  enum SideEffect: Equatable, Sendable {
    case toast(String)
  }

  var fact: @Sendable (Int) async throws -> String
}

extension Counter {
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .increment:
      state.count += 1
      return .none

    case .factTapped:
      state.isLoading = true
      return .run { [count = state.count] send in
        await send(.factLoaded(try await fact(count)))
      } catch: { error, send in
        await send(.factFailed(String(describing: error)))
      }
      .cancellable(id: "fact", cancelInFlight: true)

    case .factLoaded(let text):
      state.isLoading = false
      state.fact = text
      return .emit(.toast("Loaded"))

    case .factFailed(let message):
      state.isLoading = false
      return .emit(.toast(message))
    }
  }
}

extension Counter {
  static let persisted = PersistedState<Counter>("counter", .member(\.count, key: "count"))
}

/// The rest of the article's code, in a namespace.
enum GettingStartedCounterArticle {
  /// The article's store section; `print` is a parameter, so that a test reads what it prints.
  @MainActor
  static func runTheCounter(
    numberFact: @escaping @Sendable (Int) async throws -> String, print: (Any) -> Void
  ) async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: numberFact))

    store.send(.increment)
    print(store.count)  // 1, read through dynamic member lookup
    print(store.state)  // the whole Counter.State
    await store.send(.factTapped).finish()
    print(store.fact ?? "no fact")  // the loaded fact
  }

  /// The store that keeps the count across launches, in the app's real folder: only an app
  /// makes one, so the tests compile it without running it.
  @MainActor
  static func makePersistentStore(
    numberFact: @escaping @Sendable (Int) async throws -> String
  ) -> Store<Counter> {
    let store = Store(
      initialState: Counter.State(), model: Counter(fact: numberFact),
      attaching: [
        StatePersistence(Counter.persisted, in: .standard(appIdentifier: "org.example.Counter"))
      ])
    return store
  }

  /// Stands in for SwiftUI's `@State`, which these tests cannot import: its setter does not
  /// mutate the view, so the article's `task` closure sets the view's members as in SwiftUI.
  @propertyWrapper
  struct Shown<Value: Sendable>: Sendable {
    @MainActor
    final class Box {
      var value: Value

      nonisolated init(_ value: Value) { self.value = value }
    }

    let box: Box

    init(wrappedValue: Value) { box = Box(wrappedValue) }

    @MainActor
    var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
  }

  /// Stands in for the SwiftUI view that `task` modifies: it keeps the work for the test to run
  /// while the view is "on screen" and to cancel when it leaves, as SwiftUI does.
  struct OnScreen: Sendable {
    var tasks: [@MainActor @Sendable () async -> Void] = []

    func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> OnScreen {
      OnScreen(tasks: tasks + [action])
    }
  }

  /// The article's listener, with the stand-ins above for SwiftUI's.
  @MainActor
  struct CounterView: Sendable {
    let store: Store<Counter>
    @Shown var toastText: String? = nil

    var body: OnScreen {
      OnScreen()
        .task {
          for await sideEffect in store.sideEffects {
            switch sideEffect {
            case .toast(let text):
              toastText = text
            }
          }
        }
    }
  }
}

@MainActor
@Test func factFlow() async {
  let store = TestStore(
    initialState: Counter.State(),
    model: Counter(fact: { "\($0) is odd" })
  )

  await store.send(.increment) { $0.count = 1 }
  await store.send(.factTapped) { $0.isLoading = true }
  await store.receive(.factLoaded("1 is odd")) {
    $0.isLoading = false
    $0.fact = "1 is odd"
  }
  await store.receiveSideEffect(.toast("Loaded"))
  await store.finish()
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct GettingStartedCounterArticleTests {
  @Test func theStorePrintsWhatTheArticleSays() async {
    var printed: [String] = []
    await GettingStartedCounterArticle.runTheCounter(
      numberFact: { "\($0) is odd" }, print: { printed.append(String(describing: $0)) })
    #expect(
      printed == [
        "1", String(describing: Counter.State(count: 1)), "1 is odd",
      ])
  }

  @Test func aFailedFactIsToastedAndStopsTheLoading() async {
    let store = TestStore(
      initialState: Counter.State(), model: Counter(fact: { _ in throw NoFact() }))
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factFailed("no fact")) { $0.isLoading = false }
    await store.receiveSideEffect(.toast("no fact"))
    await store.finish()
  }

  @Test func theViewShowsTheToast() async throws {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
    let view = GettingStartedCounterArticle.CounterView(store: store)
    let body = view.body
    let onScreen = Task {
      for task in body.tasks { await task() }
    }
    await store.send(.factTapped).finish()
    while view.toastText == nil { try await Task.sleep(for: .milliseconds(1)) }
    #expect(view.toastText == "Loaded")
    // The view leaving cancels its task, which ends the loop that was waiting.
    onScreen.cancel()
    await onScreen.value
  }

  @Test func theCountIsFoundAgainAfterARelaunch() async {
    let storage = InMemoryStateStorage()
    let persistence = StatePersistence(Counter.persisted, in: storage)
    let store = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }),
      attaching: [persistence])
    store.send(.increment)
    store.send(.increment)
    await persistence.flush()

    let relaunched = Store(
      initialState: Counter.State(), model: Counter(fact: { "\($0)" }),
      attaching: [StatePersistence(Counter.persisted, in: storage)])
    #expect(relaunched.count == 2)
  }
}

/// A fact service that fails.
private struct NoFact: Error, CustomStringConvertible {
  var description: String { "no fact" }
}
