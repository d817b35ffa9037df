import MVIKit
import MVIKitTesting
import Testing

// The code of the Composition article, compiled and run here: ArticleSnippetTests fails when a
// swift block of the article is not found in this file line for line, so change the two
// together. The terminal binding is in MVIKitTerminalTests, which can import the terminal.

/// The article's models, in a namespace: names as plain as `Note` and `Screen` would clash
/// with other tests' fixtures.
enum CompositionArticle {
  // "A parent with three kinds of children"

  struct Score: Model {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Equatable, Sendable { case incremented }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      state.count += 1
      return .none
    }
  }

  struct Note: Model {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var text = ""
    }
    enum Intent: Equatable, Sendable { case edited(String) }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .edited(let text): state.text = text
      }
      return .none
    }
  }

  struct Board: Model {
    struct State: Equatable, Sendable {
      var score = Score.State()
      var editor: Note.State?
      var notes: Rows<Note.State> = []
    }
    enum Intent: Equatable, Sendable {
      case score(Score.Intent)
      case editor(Note.Intent)
      case notes(Keyed<Int, Note.Intent>)
      case addTapped
      case editTapped(Int)
      case editorClosed
    }

    static let score = ChildLink<Board, Score>(state: \.score, intent: Intent.score)
    static let editor = OptionalChildLink<Board, Note>(state: \.editor, intent: Intent.editor)
    static let notes = RowsLink<Board, Note>(state: \.notes, intent: Intent.notes)

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .score(let intent):
        return Self.score.reduce(Score(), &state, intent)
      case .editor(let intent):
        return Self.editor.reduce(Note(), &state, intent)
      case .notes(let intent):
        return Self.notes.reduce(Note(), &state, intent)
      case .addTapped:
        state.notes.append(Note.State(id: state.notes.count))
        return .none
      case .editTapped(let id):
        state.editor = state.notes[id: id]
        return .none
      case .editorClosed:
        if let edited = state.editor { state.notes[id: edited.id] = edited }
        state.editor = nil
        return .none
      }
    }
  }

  // "One of several kinds of child"

  /// The sign-in screen of "One of several kinds of child".
  struct Login: Model {
    struct State: Equatable, Sendable { var email = "" }
    enum Intent: Equatable, Sendable { case emailChanged(String) }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .emailChanged(let email): state.email = email
      }
      return .none
    }
  }

  /// The list screen of "One of several kinds of child".
  struct Todos: Model {
    struct State: Equatable, Sendable { var items: [String] = [] }
    enum Intent: Equatable, Sendable { case added(String) }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .added(let item): state.items.append(item)
      }
      return .none
    }
  }

  struct Screen: Model {
    enum State: Equatable, Sendable {
      case login(Login.State)
      case todos(Todos.State)
    }
    enum Intent: Equatable, Sendable {
      case login(Login.Intent)
      case todos(Todos.Intent)
    }

    static let login = CaseLink<Screen, Login>(case: State.login, intent: Intent.login)
    static let todos = CaseLink<Screen, Todos>(case: State.todos, intent: Intent.todos)

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .login(let intent): Self.login.reduce(Login(), &state, intent)
      case .todos(let intent): Self.todos.reduce(Todos(), &state, intent)
      }
    }
  }

  // "A parent acting on what a child reports"

  struct Draft: Model {
    struct State: Equatable, Sendable {
      var text = ""
      var isSaving = false
    }
    enum Intent: Equatable, Sendable {
      case typed(String)
      case saveTapped
      case saved(String)
    }

    var save: @Sendable (String) async throws -> Void

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .typed(let text):
        state.text = text
        return .none
      case .saveTapped:
        state.isSaving = true
        return .run { [text = state.text] send in
          try await save(text)
          await send(.saved(text))
        }
      case .saved:
        state.isSaving = false
        return .none
      }
    }
  }

  struct Inbox: Model {
    struct State: Equatable, Sendable {
      var draft: Draft.State?
      var sent: [String] = []
    }
    enum Intent: Equatable, Sendable {
      case draft(Draft.Intent)
      case composeTapped
    }

    static let draft = OptionalChildLink<Inbox, Draft>(state: \.draft, intent: Intent.draft)

    var draftModel: Draft

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .composeTapped:
        state.draft = Draft.State()
        return .none
      case .draft(.saved(let text)):
        // The child reduces its own intent first; then the parent files the text and closes it.
        let effect = Self.draft.reduce(draftModel, &state, .saved(text))
        state.sent.append(text)
        state.draft = nil
        return effect
      case .draft(let intent):
        return Self.draft.reduce(draftModel, &state, intent)
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct CompositionArticleTests {
  typealias Board = CompositionArticle.Board
  typealias Screen = CompositionArticle.Screen
  typealias Inbox = CompositionArticle.Inbox
  typealias Draft = CompositionArticle.Draft

  @Test func theArticleExampleRuns() {
    let board = Store(initialState: Board.State(), model: Board())
    board.scope(Board.score).send(.incremented)
    board.send(.addTapped)
    board.scope(Board.notes, id: 0)?.send(.edited("milk"))
    board.send(.editTapped(0))
    board.scope(Board.editor)?.send(.edited("oat milk"))
    board.send(.editorClosed)
    #expect(board.score.count == 1)
    #expect(board.notes[id: 0]?.text == "oat milk")
    #expect(board.scope(Board.editor) == nil)
  }

  @Test func scopedStoresAreNamedByTheirLinks() {
    let board = Store(initialState: Board.State(), model: Board())
    board.send(.addTapped)
    let score = board.scope(Board.score)  // Store<Score>
    let editor = board.scope(Board.editor)  // Store<Note>?, nil while closed
    let firstNote = board.scope(Board.notes, id: 0)  // Store<Note>?
    let rows = board.scope(Board.notes)  // [Store<Note>], in order
    score.send(.incremented)
    firstNote?.send(.edited("milk"))
    let texts = rows.map { $0.text }
    #expect(board.score.count == 1)
    #expect(editor == nil)
    #expect(texts == ["milk"])
    // Scoping twice to the same child returns the same store.
    #expect(board.scope(Board.score) === score)
  }

  @Test func eachScreenIsReachedThroughItsCaseLink() {
    let store = Store(
      initialState: Screen.State.login(CompositionArticle.Login.State()), model: Screen())
    #expect(store.scope(Screen.todos) == nil)
    store.scope(Screen.login)?.send(.emailChanged("a@b.c"))
    #expect(store.state == .login(CompositionArticle.Login.State(email: "a@b.c")))
  }

  @Test func theInboxFilesASavedDraftAndClosesIt() async {
    let store = TestStore(
      initialState: Inbox.State(), model: Inbox(draftModel: Draft(save: { _ in })))
    await store.send(.composeTapped) { $0.draft = Draft.State() }
    await store.send(.draft(.typed("hi"))) { $0.draft?.text = "hi" }
    await store.send(.draft(.saveTapped)) { $0.draft?.isSaving = true }
    await store.receive(.draft(.saved("hi"))) {
      $0.sent = ["hi"]
      $0.draft = nil
    }
    await store.finish()
  }
}
