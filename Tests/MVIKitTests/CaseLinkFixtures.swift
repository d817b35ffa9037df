import MVIKit

/// A state that is one of several kinds of pane, two of which run the same child model.
struct Pane: Model {
  enum State: Equatable, Sendable {
    case editor(Sheet.State)
    case preview(Sheet.State)
    case empty
  }
  enum Intent: Equatable, Sendable {
    case editor(Sheet.Intent)
    case preview(Sheet.Intent)
    case editorOpened(String)
    case previewOpened(String)
    case cleared
  }

  static let editor = CaseLink<Pane, Sheet>(case: State.editor, intent: Intent.editor)
  static let preview = CaseLink<Pane, Sheet>(case: State.preview, intent: Intent.preview)

  var sheet = Sheet()

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .editor(let intent): return Self.editor.reduce(sheet, &state, intent)
    case .preview(let intent): return Self.preview.reduce(sheet, &state, intent)
    case .editorOpened(let text):
      state = .editor(Sheet.State(text: text))
      return .none
    case .previewOpened(let text):
      state = .preview(Sheet.State(text: text))
      return .none
    case .cleared:
      state = .empty
      return .none
    }
  }
}

/// A pane inside a larger state, linked through a key path to the enum.
struct Window: Model {
  struct State: Equatable, Sendable {
    var pane = Pane.State.empty
    var title = ""
  }
  enum Intent: Equatable, Sendable {
    case editor(Sheet.Intent)
    case opened(String)
  }

  static let editor = CaseLink<Window, Sheet>(
    state: \.pane, case: Pane.State.editor, intent: Intent.editor)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .editor(let intent): return Self.editor.reduce(Sheet(), &state, intent)
    case .opened(let text):
      state.pane = .editor(Sheet.State(text: text))
      state.title = text
      return .none
    }
  }
}

/// An enum with an indirect case: its payloads are boxed, so it is read by reflection.
struct Outline: Model {
  indirect enum State: Equatable, Sendable {
    case sheet(Sheet.State)
    case nested(State)
  }
  enum Intent: Equatable, Sendable {
    case sheet(Sheet.Intent)
    case nestedTapped
  }

  static let sheet = CaseLink<Outline, Sheet>(case: State.sheet, intent: Intent.sheet)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .sheet(let intent): return Self.sheet.reduce(Sheet(), &state, intent)
    case .nestedTapped:
      state = .nested(state)
      return .none
    }
  }
}
