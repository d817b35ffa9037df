import Foundation
import MVIKit

/// The todo list: add, toggle, delete and filter, persisted in SQLite.
///
/// State changes only after the database has answered, so what the screen shows is what is
/// saved; a failed write leaves the list as it was and says why.
public struct TodosModel: Model {
  /// The todo screen's state.
  public struct State: Equatable, Sendable {
    /// One row per todo, oldest first; each row runs a ``TodoRow``.
    public var rows = Rows<TodoRow.State>()
    /// Which todos the list shows.
    public var filter = TodoFilter.all
    /// The title being typed.
    public var draft = ""
    /// Why the last action failed, or nil.
    public var message: String?
    /// Whether the first load is running.
    public var isLoading = false
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
  public enum Intent: Equatable, Sendable {
    case appeared
    case loaded([Todo])
    case draftChanged(String)
    case addTapped
    case added(Todo)
    case row(Keyed<Int64, TodoRow.Intent>)
    case deleteTapped
    case deleted(id: Int64)
    case filterTapped
    case selectionMoved(Int)
    case failed(String)
  }

  /// The link to the rows: each todo's intents travel in ``Intent/row(_:)``.
  public static let rows = RowsLink<TodosModel, TodoRow>(state: \.rows, intent: Intent.row)

  let repository: Result<TodoRepository, any Error>
  let row: TodoRow

  /// A model that persists with `repository`.
  public init(repository: TodoRepository) {
    self.init(opening: { repository })
  }

  /// A model whose database is opened by `open`; when it cannot be opened, every action says
  /// why on screen instead of failing the app.
  public init(opening open: () throws -> TodoRepository) {
    let repository = Result { try open() }
    self.init(
      repository: repository,
      row: TodoRow(setDone: { id, isDone in try await repository.get().setDone(id: id, isDone) }))
  }

  init(repository: Result<TodoRepository, any Error>, row: TodoRow) {
    self.repository = repository
    self.row = row
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .appeared:
      state.isLoading = true
      return perform { repository in .loaded(try await repository.all()) }
    case .loaded(let todos):
      state.isLoading = false
      state.rows = Rows(todos.map(TodoRow.State.init(todo:)))
      state.clampSelection()
      return .none
    case .draftChanged(let text):
      state.draft = text
      return .none
    case .addTapped:
      let title = state.draft.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !title.isEmpty else {
        state.message = "A todo needs a title."
        return .none
      }
      return perform { repository in .added(try await repository.add(title: title)) }
    case .added(let todo):
      state.rows.append(TodoRow.State(todo: todo))
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
      return perform { repository in
        try await repository.delete(id: id)
        return .deleted(id: id)
      }
    case .deleted(let id):
      state.rows.remove(id: id)
      state.message = nil
      state.clampSelection()
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

  /// Runs one database call; its error, or the database's failure to open, becomes a message
  /// on screen.
  private func perform(
    _ work: @escaping @Sendable (TodoRepository) async throws -> Intent
  ) -> Effect<Intent, Never> {
    .run { [repository] send in
      await send(try await work(repository.get()))
    } catch: { error, send in
      await send(.failed(String(describing: error)))
    }
  }
}

extension TodosModel.State {
  mutating func clampSelection() {
    selection = min(max(selection, 0), max(visible.count - 1, 0))
  }
}
