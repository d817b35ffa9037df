import Foundation
import MVIKit

/// The todo list: add, rename, toggle, delete, clear the done ones and undo the last delete,
/// filter, and a note per todo (``TodoNote``, an optional child while its editor is open);
/// persisted in SQLite, and a live view of it.
///
/// The list changes only after the database has answered, so what the screen shows is what is
/// saved; a failed write leaves the list as it was and says why. The title field is state and
/// nothing else: Enter takes its text and clears it in the same reduce, and the save is the
/// effect, so what is typed while SQLite answers goes into the next title, at any speed. While the screen is open, a
/// long-living effect follows the database, so a change made by any program shows up within a
/// second; the effect ends when the screen closes.
public struct TodosModel: Model {
  /// The todo screen's state.
  public struct State: Equatable, Sendable, Codable {
    /// One row per todo, oldest first; each row runs a ``TodoRow``.
    public var rows = Rows<TodoRow.State>()
    /// Which todos the list shows.
    public var filter = TodoFilter.all
    /// The title being typed.
    public var draft = ""
    /// Titles entered and not saved yet, in the order they were entered; the first is being
    /// saved. One save at a time keeps the list in the order the titles were typed.
    public var adding: [String] = []
    /// The rename under way, or nil when the draft adds a new todo.
    public var rename: TodoRename?
    /// Whether the title field has the focus: a rename puts it there, so the new title is
    /// typed into the field and not taken as the list's shortcuts; the view reports the user's
    /// own moves with ``Intent/draftFocusChanged(_:)``.
    public var isDraftFocused = false
    /// What `u` takes back: the last delete or rename; nil when there is nothing to undo.
    public var undo: TodoUndo?
    /// Why the last action failed, or nil.
    public var message: String?
    /// Whether the first load is running.
    public var isLoading = false
    /// How many rows of the database could not be read as to-dos (written by another
    /// program); they are left alone and not shown.
    public var unreadableCount = 0
    /// The highlighted row among the visible todos.
    public var selection = 0
    /// The note editor, while it is open.
    public var note: TodoNote.State?

    /// An empty list.
    public init() {}

    /// Every todo, oldest first.
    public var todos: [Todo] { rows.map(\.todo) }
    /// The rows whose todos pass the filter.
    public var visible: [TodoRow.State] { rows.filter { filter.includes($0.todo) } }
    /// How many todos are not done.
    public var activeCount: Int { rows.count(where: { !$0.todo.isDone }) }
    /// The highlighted row, if any.
    public var selected: TodoRow.State? {
      let visible = self.visible
      return visible.indices.contains(selection) ? visible[selection] : nil
    }
  }

  /// What the user did or what the database answered.
  public enum Intent: Equatable, Sendable, Codable {
    case appeared
    case loaded(TodoList)
    case draftChanged(String)
    case draftFocusChanged(Bool)
    case addTapped
    case added(Todo)
    /// The database refused to add a todo with this title, for this reason.
    case addFailed(title: String, message: String)
    case editTapped
    /// A todo was renamed from `previousTitle`; `isUndo` when it was `u` that renamed it back.
    case renamed(Todo, previousTitle: String, isUndo: Bool)
    case row(Keyed<Int64, TodoRow.Intent>)
    case deleteTapped
    case clearCompletedTapped
    case deleted([Todo])
    case undoTapped
    case restored([Todo])
    case filterTapped
    case selectionMoved(Int)
    case failed(String)
    /// Opens the selected todo's note.
    case noteTapped
    case note(TodoNote.Intent)
  }

  /// The link to the rows: each todo's intents travel in ``Intent/row(_:)``.
  public static let rows = RowsLink<TodosModel, TodoRow>(state: \.rows, intent: Intent.row)
  /// The link to the note editor, present while it is open.
  public static let note = OptionalChildLink<TodosModel, TodoNote>(
    state: \.note, intent: Intent.note)

  let storage: TodoStorage
  let row: TodoRow
  let noteEditor: TodoNote

  /// A model that keeps its to-dos in `storage`; any failure of it is said on screen.
  public init(storage: TodoStorage) {
    self.init(storage: storage, row: TodoRow(setDone: storage.setDone))
  }

  /// A model with its own row model, for tests.
  init(storage: TodoStorage, row: TodoRow) {
    self.storage = storage
    self.row = row
    noteEditor = TodoNote(setNote: storage.setNote)
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .appeared:
      state.isLoading = true
      return .run { [storage] send in
        for try await todos in try await storage.changes() { await send(.loaded(todos)) }
      } catch: { error, send in
        await send(.failed(String(describing: error)))
      }
      .cancellable(id: WorkID.observation, cancelInFlight: true)
    case .loaded(let list):
      state.isLoading = false
      state.unreadableCount = list.unreadable
      state.reconcile(with: list.todos)
      state.clampSelection()
      return .none
    case .draftChanged(let text):
      state.draft = text
      return .none
    case .draftFocusChanged(let isFocused):
      state.isDraftFocused = isFocused
      // Leaving the field (Esc, Tab, a click) ends a rename: the field shows what it held
      // before, and Enter adds again.
      if !isFocused, let rename = state.rename {
        state.rename = nil
        state.draft = rename.draftBefore
      }
      return .none
    case .addTapped:
      let title = state.draft.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else {
        state.message = "A todo needs a title."
        return .none
      }
      state.message = nil
      if let rename = state.rename {
        state.rename = nil
        state.draft = rename.draftBefore
        return perform { storage in
          .renamed(
            try await storage.rename(rename.id, title), previousTitle: rename.originalTitle,
            isUndo: false)
        }
      }
      // The field is free for the next title at once; the title waits in `adding`.
      state.draft = ""
      state.adding.append(title)
      return state.adding.count == 1 ? save(title) : .none
    case .added(let todo):
      // The live view may have brought the new row already.
      if state.rows[id: todo.id] == nil { state.rows.append(TodoRow.State(todo: todo)) }
      return saveNext(&state)
    case .addFailed(let title, let message):
      // Nothing typed is lost: the title goes back into the field when it is empty, and is
      // named in the message when the user has typed on.
      if state.draft.isEmpty && state.rename == nil {
        state.draft = title
        state.message = message
      } else {
        state.message = "\"\(title)\" was not added: \(message)"
      }
      return saveNext(&state)
    case .editTapped:
      guard let selected = state.selected else { return .none }
      state.rename = TodoRename(
        id: selected.id, originalTitle: selected.todo.title,
        draftBefore: state.rename?.draftBefore ?? state.draft)
      state.draft = selected.todo.title
      state.isDraftFocused = true
      state.message = nil
      return .none
    case .renamed(let todo, let previousTitle, let isUndo):
      // A todo deleted while its rename was saving stays deleted, and its delete undoable.
      guard state.rows.update(id: todo.id, { $0.todo = todo }) else { return .none }
      state.undo = isUndo ? nil : .renamed(id: todo.id, previousTitle: previousTitle)
      return .none
    case .row(let rowIntent):
      let effect = Self.rows.reduce(row, &state, rowIntent)
      // A toggled todo may leave the filter; keep the highlight on a visible row.
      state.clampSelection()
      return effect
    case .deleteTapped:
      guard let id = state.selected?.id else { return .none }
      return perform { storage in .deleted([try await storage.delete(id)]) }
    case .clearCompletedTapped:
      guard state.rows.contains(where: \.todo.isDone) else {
        state.message = "No done todos to clear."
        return .none
      }
      return perform { storage in .deleted(try await storage.deleteCompleted()) }
    case .deleted(let todos):
      guard !todos.isEmpty else {
        state.message = "No done todos to clear."
        return .none
      }
      for todo in todos { state.rows.remove(id: todo.id) }
      if let rename = state.rename, todos.contains(where: { $0.id == rename.id }) {
        state.rename = nil
        state.draft = rename.draftBefore
      }
      state.undo = .deleted(todos)
      state.message = nil
      state.clampSelection()
      return .none
    case .undoTapped:
      switch state.undo {
      case nil:
        state.message = "Nothing to undo."
        return .none
      case .deleted(let todos):
        return perform { storage in
          try await storage.restore(todos)
          return .restored(todos)
        }
      case .renamed(let id, let previousTitle):
        return perform { storage in
          let current = try await storage.rename(id, previousTitle)
          return .renamed(current, previousTitle: previousTitle, isUndo: true)
        }
      }
    case .restored(let todos):
      for todo in todos where state.rows[id: todo.id] == nil {
        let position = state.rows.firstIndex { $0.id > todo.id } ?? state.rows.count
        state.rows.insert(TodoRow.State(todo: todo), at: position)
      }
      state.undo = nil
      state.message = nil
      return .none
    case .filterTapped:
      state.filter = state.filter.next
      state.selection = 0
      return .none
    case .selectionMoved(let index):
      state.selection = index
      state.clampSelection()
      return .none
    case .failed(let message):
      state.isLoading = false
      state.message = message
      return .none
    case .noteTapped:
      guard let selected = state.selected else { return .none }
      state.note = TodoNote.State(todo: selected.todo)
      return .none
    case .note(let intent):
      let effect = Self.note.reduce(noteEditor, &state, intent)
      if case .saved(let todo) = intent { state.rows.update(id: todo.id) { $0.todo = todo } }
      // Its todo deleted meanwhile: nothing can take the note, and the editor says so.
      if case .saveFailed = intent, let note = state.note, state.rows[id: note.id] == nil {
        state.message = "\"\(note.title)\" was deleted, so its note was not saved."
        state.note = nil
      }
      // Closed once the user left it and what it shows is saved.
      if state.note?.isDone == true { state.note = nil }
      return effect
    }
  }

  /// Saves the first title waiting in `adding`; its answer saves the next.
  private func save(_ title: String) -> Effect<Intent, Never> {
    .run { [storage] send in
      await send(.added(try await storage.add(title)))
    } catch: { error, send in
      await send(.addFailed(title: title, message: String(describing: error)))
    }
  }

  /// Takes the saved title off `adding` and saves the next one.
  private func saveNext(_ state: inout State) -> Effect<Intent, Never> {
    guard !state.adding.isEmpty else { return .none }
    state.adding.removeFirst()
    return state.adding.first.map(save) ?? .none
  }

  /// Runs one storage call; its error, or the database's failure to open, becomes a message
  /// on screen.
  private func perform(
    _ work: @escaping @Sendable (TodoStorage) async throws -> Intent
  ) -> Effect<Intent, Never> {
    .run { [storage] send in
      await send(try await work(storage))
    } catch: { error, send in
      await send(.failed(String(describing: error)))
    }
  }
}

extension TodosModel {
  private enum WorkID { case observation }
}

extension TodosModel.State {
  /// Makes the rows what the database holds, keeping each existing row's own state (a save in
  /// flight, its last problem) and touching only the rows that changed.
  mutating func reconcile(with todos: [Todo]) {
    guard rows.ids == todos.map(\.id) else {
      rows = Rows(
        todos.map { todo in
          var row = rows[id: todo.id] ?? TodoRow.State(todo: todo)
          if !row.isSaving { row.todo = todo }
          return row
        })
      return
    }
    for todo in todos where rows[id: todo.id]?.todo != todo {
      _ = rows.update(id: todo.id) { row in
        if !row.isSaving { row.todo = todo }
      }
    }
  }

  mutating func clampSelection() {
    selection = min(max(selection, 0), max(visible.count - 1, 0))
  }
}
