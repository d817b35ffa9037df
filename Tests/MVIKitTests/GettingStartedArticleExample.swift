import Foundation
import MVIKit
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of the "Getting Started with SwiftUI and UIKit" article that needs neither SwiftUI
// nor UIKit, compiled and run here. ReadmeTests fails when the article's blocks differ from it.

/// The article's types, in a namespace: this module already has a `Counter`.
enum GettingStartedArticle {
  nonisolated struct Counter: Model {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
      var isLoading = false
    }
    enum Intent: Equatable, Sendable {
      case increment, factTapped
      case factLoaded(String)
      case factFailed(String)
    }
    enum SideEffect: Equatable, Sendable { case toast(String) }

    var fact: @Sendable (Int) async throws -> String

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

  /// The app's real fact service: only the app creates one.
  nonisolated struct NumberFacts: Sendable {
    var baseURL = URL(string: "https://example.com/facts/")!

    func fact(about number: Int) async throws -> String {
      let (data, _) = try await URLSession.shared.data(from: baseURL.appending(path: "\(number)"))
      return String(decoding: data, as: UTF8.self)
    }
  }

  nonisolated struct TodoRow: Model {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var title: String
      var isDone = false
    }
    enum Intent: Equatable, Sendable {
      case doneChanged(Bool)
    }

    var save: @Sendable (State) async -> Void

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .doneChanged(let isDone):
        state.isDone = isDone
        return .run { [todo = state] _ in await save(todo) }
      }
    }
  }

  nonisolated struct TodoList: Model {
    struct State: Equatable, Sendable {
      var todos: Rows<TodoRow.State> = []
      var draft = ""
    }
    enum Intent: Equatable, Sendable {
      case draftChanged(String)
      case addTapped
      case todos(Keyed<Int, TodoRow.Intent>)
    }

    static let todos = RowsLink<TodoList, TodoRow>(state: \.todos, intent: Intent.todos)

    var save: @Sendable (TodoRow.State) async -> Void

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .draftChanged(let text):
        state.draft = text
        return .none
      case .addTapped:
        guard !state.draft.isEmpty else { return .none }
        state.todos.append(TodoRow.State(id: state.todos.count, title: state.draft))
        state.draft = ""
        return .none
      case .todos(let rowIntent):
        // The row model gets its dependency from the list model.
        return Self.todos.reduce(TodoRow(save: save), &state, rowIntent)
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct GettingStartedArticleTests {
  typealias Counter = GettingStartedArticle.Counter
  typealias TodoList = GettingStartedArticle.TodoList
  typealias TodoRow = GettingStartedArticle.TodoRow

  @Test func theCounterLoadsAFactAndToastsOnce() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: { "\($0) is odd" }))
    store.send(.increment)
    await store.send(.factTapped).finish()
    #expect(store.fact == "1 is odd")
    #expect(!store.isLoading)
    var sideEffects = store.sideEffects.makeAsyncIterator()
    #expect(await sideEffects.next() == .toast("Loaded"))
  }

  @Test func aRowSavesThroughTheDependencyItsListGaveIt() async {
    let saved = Saved()
    let store = Store(
      initialState: TodoList.State(), model: TodoList(save: { await saved.append($0) }))
    let draft = store.binding(\.draft, send: TodoList.Intent.draftChanged)
    draft.value = "Milk"
    store.send(.addTapped)
    #expect(store.draft.isEmpty)
    let rows = store.scope(TodoList.todos)
    #expect(rows.map(\.title) == ["Milk"])
    await rows[0].send(.doneChanged(true)).finish()
    #expect(store.todos[id: 0]?.isDone == true)
    #expect(await saved.todos == [TodoRow.State(id: 0, title: "Milk", isDone: true)])
  }
}

private actor Saved {
  var todos: [GettingStartedArticle.TodoRow.State] = []

  func append(_ todo: GettingStartedArticle.TodoRow.State) {
    todos.append(todo)
  }
}
