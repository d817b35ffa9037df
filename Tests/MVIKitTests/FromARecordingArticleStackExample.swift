import MVIKit
import MVIKitNavigation
import MVIKitTesting
import Testing

// The change inside a screen of a navigation stack that the article "From a Recording to a
// Test" shows, compiled and run here, where a test can import MVIKitNavigation; the rest of the
// article's code is in RecordingToTestTests' FromARecordingArticleExample.swift.

/// An app whose stack shows the todos, a screen of the screen enum `AppScreen`.
enum FromARecordingArticleStack {
  struct Todos: Model {
    struct State: Equatable, Sendable {
      var draft = ""
    }
    enum Intent: Equatable, Sendable {
      case draftChanged(String)
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .draftChanged(let text):
        state.draft = text
        return .none
      }
    }
  }

  struct AppScreen: Model {
    enum State: Equatable, Sendable {
      case todos(Todos.State)
    }
    enum Intent: Equatable, Sendable {
      case todos(Todos.Intent)
    }

    static let todos = CaseLink<AppScreen, Todos>(case: State.todos, intent: Intent.todos)

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .todos(let intent):
        return Self.todos.reduce(Todos(), &state, intent)
      }
    }
  }

  struct App: Model {
    struct State: Equatable, Sendable {
      var path = NavigationStackState<AppScreen.State>()
    }
    enum Intent: Equatable, Sendable {
      case screen(Keyed<Int, AppScreen.Intent>)
    }

    static let path = StackLink<App, AppScreen>(state: \.path, intent: Intent.screen)

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .screen(let intent):
        return Self.path.reduce(AppScreen(), &state, intent)
      }
    }
  }
}

@Suite(.timeLimit(.minutes(1))) struct FromARecordingArticleStackTests {
  typealias Todos = FromARecordingArticleStack.Todos
  typealias AppScreen = FromARecordingArticleStack.AppScreen
  typealias App = FromARecordingArticleStack.App

  @MainActor
  @Test func aChangeInsideAScreenOfTheStackIsAssertedInItsCase() async {
    let store = TestStore(
      initialState: App.State(path: NavigationStackState([AppScreen.State.todos(Todos.State())])),
      model: App())
    await store.send(.screen(Keyed(0, .todos(.draftChanged("milk"))))) {
      try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
        $0.draft = "milk"
      }
    }
    await store.finish()
  }
}
