import MVIKit
import MVIKitTerminal
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// The MVIKitTerminal landing page's code, compiled and run here: MVIKitTests'
// TerminalArticleSnippetTests fails when the page's block is not found in this file line for
// line.

/// The page's counter and its screen, as CounterExample and CounterDemo have them, in a
/// namespace: this module's fixtures have a `Counter` of their own, without facts.
enum MVIKitTerminalArticle {
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

    let fact: @Sendable (Int) async throws -> String

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

  struct CounterView: View {
    let store: Store<Counter>

    var body: some View {
      VStack {
        Text("Count: \(store.count)").bold()
        if store.isLoading {
          Spinner("Loading fact…")
        } else {
          Text(store.fact ?? "Press f for a fact about the number.").dim()
        }
        Spacer()
        HelpBar()
      }
      .onKey(["+", .up], help: "Increment") { store.send(.increment) }
      .onKey("f", help: "Fact") { store.send(.factTapped) }
    }
  }
}

@MainActor
@Suite struct MVIKitTerminalArticleTests {
  typealias Counter = MVIKitTerminalArticle.Counter
  typealias CounterView = MVIKitTerminalArticle.CounterView

  /// The page's app, where there is no terminal to take over: `run()` throws before it draws.
  /// From an interactive shell it would take the terminal over, so it is skipped there.
  @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0))
  func theAppRefusesToRunWithoutATerminal() async {
    let numberFact: @Sendable (Int) async throws -> String = { "\($0) is odd." }
    await #expect(throws: TerminalError.notATerminal) {
      let store = Store(initialState: Counter.State(), model: Counter(fact: numberFact))
      let app = TerminalApp(store: store) { sideEffect in
        switch sideEffect {
        case .toast(let text): .toast(text)
        }
      } content: {
        CounterView(store: store)
      }
      try await app.run()
    }
  }

  /// The same screen and presentation in a `HeadlessTerminal`, as the page says tests run it:
  /// keys send intents, and the store's toast shows.
  @Test func theSameAppRunsInAHeadlessTerminal() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd." }))
    let terminal = HeadlessTerminal(
      store: store, size: Size(width: 40, height: 8),
      presentation: { sideEffect in
        switch sideEffect {
        case .toast(let text): .toast(text)
        }
      },
      content: { CounterView(store: store) })
    terminal.press("+")
    #expect(terminal.grid.contains("Count: 1"))
    await store.send(.factTapped).finish()
    #expect(terminal.grid.contains("1 is odd."))
    // The store hands side effects to the view on its own task.
    for _ in 0..<200 where !terminal.grid.contains("Loaded") { await Task.yield() }
    #expect(terminal.grid.contains("Loaded"))
  }
}
