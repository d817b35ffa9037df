import Foundation
import MVIKit

/// The todo list: add, rename, toggle, delete, clear the done ones and undo the last delete,
/// filter; persisted in SQLite, and a live view of it.
///
/// State changes only after the database has answered, so what the screen shows is what is
/// saved; a failed write leaves the list as it was and says why. While the screen is open, a
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
    /// The todo being renamed with ``draft``, or nil when the draft adds a new todo.
    public var editingID: Int64?
    /// Whether the title field has the focus: a rename puts it there, so the new title is
    /// typed into the field and not taken as the list's shortcuts; the view reports the user's
    /// own moves with ``Intent/draftFocusChanged(_:)``.
    public var isDraftFocused = false
    /// What the last delete removed, for undo; empty when there is nothing to undo.
    public var lastDeleted: [Todo] = []
    /// Why the last action failed, or nil.
    public var message: String?
    /// Whether the first load is running.
    public var isLoading = false
    /// How many rows of the database could not be read as to-dos (written by another
    /// program); they are left alone and not shown.
    public var unreadableCount = 0
    /// The highlighted row among the visible todos.
    public var selection = 0

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
    case editTapped
    case renamed(Todo)
    case row(Keyed<Int64, TodoRow.Intent>)
    case deleteTapped
    case clearCompletedTapped
    case deleted([Todo])
    case undoTapped
    case restored([Todo])
    case filterTapped
    case selectionMoved(Int)
    case failed(String)
  }

  /// The link to the rows: each todo's intents travel in ``Intent/row(_:)``.
  public static let rows = RowsLink<TodosModel, TodoRow>(state: \.rows, intent: Intent.row)

  let storage: TodoStorage
  let row: TodoRow

  /// A model that keeps its to-dos in `storage`; any failure of it is said on screen.
  public init(storage: TodoStorage) {
    self.storage = storage
    row = TodoRow(setDone: storage.setDone)
  }

  /// A model with its own row model, for tests.
  init(storage: TodoStorage, row: TodoRow) {
    self.storage = storage
    self.row = row
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
      return .none
    case .addTapped:
      let title = state.draft.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else {
        state.message = "A todo needs a title."
        return .none
      }
      if let id = state.editingID {
        return perform { storage in .renamed(try await storage.rename(id, title)) }
      }
      return perform { storage in .added(try await storage.add(title)) }
    case .added(let todo):
      // The live view may have brought the new row already.
      if state.rows[id: todo.id] == nil { state.rows.append(TodoRow.State(todo: todo)) }
      state.draft = ""
      state.message = nil
      return .none
    case .editTapped:
      guard let selected = state.selected else { return .none }
      state.editingID = selected.id
      state.draft = selected.todo.title
      state.isDraftFocused = true
      state.message = nil
      return .none
    case .renamed(let todo):
      _ = state.rows.update(id: todo.id) { $0.todo = todo }
      state.editingID = nil
      state.draft = ""
      state.message = nil
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
      for todo in todos { state.rows.remove(id: todo.id) }
      if todos.contains(where: { $0.id == state.editingID }) {
        state.editingID = nil
        state.draft = ""
      }
      state.lastDeleted = todos
      state.message = nil
      state.clampSelection()
      return .none
    case .undoTapped:
      let todos = state.lastDeleted
      guard !todos.isEmpty else {
        state.message = "Nothing to undo."
        return .none
      }
      return perform { storage in
        try await storage.restore(todos)
        return .restored(todos)
      }
    case .restored(let todos):
      for todo in todos where state.rows[id: todo.id] == nil {
        let position = state.rows.firstIndex { $0.id > todo.id } ?? state.rows.count
        state.rows.insert(TodoRow.State(todo: todo), at: position)
      }
      state.lastDeleted = []
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
    }
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
