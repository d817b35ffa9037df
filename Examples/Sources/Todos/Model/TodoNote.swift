import MVIKit

/// The note of one todo, edited in a multi-line area: the text is state, saved when the user
/// leaves the area (Esc, Tab or a click elsewhere), and the editor closes once what it shows
/// is what the database holds.
///
/// The parent holds it as an optional child (``TodosModel/note``): present while the editor is
/// open. A failed save keeps the editor open with the text as typed and says why, so a note is
/// never lost to a database that refused it.
public struct TodoNote: Model {
  /// The editor's state.
  public struct State: Equatable, Sendable, Codable {
    /// The todo whose note this is.
    public let id: Int64
    /// Its title, for the editor's heading.
    public let title: String
    /// The text as typed.
    public var text: String
    /// The text the database holds.
    public var saved: String
    /// Whether the area has the focus; leaving it saves and closes.
    public var isFocused = true
    /// Whether a save is under way.
    public var isSaving = false
    /// Why the last save failed, or nil.
    public var message: String?

    /// An editor for `todo`'s note.
    public init(todo: Todo) {
      id = todo.id
      title = todo.title
      text = todo.note
      saved = todo.note
    }

    /// Whether the editor may close: the user left it and the note is saved.
    public var isDone: Bool { !isFocused && !isSaving && text == saved }
  }

  /// What the user did or what the database answered.
  public enum Intent: Equatable, Sendable, Codable {
    case textChanged(String)
    /// The user moved the focus onto the area or off it; off it saves.
    case focusChanged(Bool)
    case saved(Todo)
    case saveFailed(String)
  }

  let setNote: @Sendable (_ id: Int64, _ note: String) async throws -> Todo

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .textChanged(let text):
      state.text = text
      return .none
    case .focusChanged(let isFocused):
      state.isFocused = isFocused
      guard !isFocused, !state.isSaving, state.text != state.saved else { return .none }
      state.isSaving = true
      state.message = nil
      let (id, text) = (state.id, state.text)
      return .run { [setNote] send in
        await send(.saved(try await setNote(id, text)))
      } catch: { error, send in
        await send(.saveFailed(String(describing: error)))
      }
    case .saved(let todo):
      state.isSaving = false
      state.saved = todo.note
      // Typed on while it saved: what is new is saved too.
      return state.isFocused ? .none : reduce(&state, .focusChanged(false))
    case .saveFailed(let message):
      state.isSaving = false
      state.isFocused = true
      state.message = "The note was not saved: \(message)"
      return .none
    }
  }
}
