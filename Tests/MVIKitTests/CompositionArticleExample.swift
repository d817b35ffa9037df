import MVIKit
import Testing

// The Composition article's example, compiled and run here. Keep the two in step.

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

@MainActor
@Suite struct CompositionArticleTests {
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
}
