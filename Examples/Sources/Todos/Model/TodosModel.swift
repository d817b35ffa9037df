import Foundation
import MVIKit

/// The todo list: add, toggle, delete and filter, persisted in SQLite.
///
/// State changes only after the database has answered, so what the screen shows is what is
/// saved; a failed write leaves the list as it was and says why.
public struct TodosModel: Model {
  /// The todo screen's state.
  public struct State: Equatable, Sendable {
    /// Every todo, oldest first.
    public var todos: [Todo] = []
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

    /// The todos that pass the filter.
    public var visible: [Todo] { todos.filter(filter.includes) }
    /// How many todos are not done.
    public var activeCount: Int { todos.count(where: { !$0.isDone }) }
    /// The highlighted todo, if any.
    public var selected: Todo? {
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
    case toggleTapped
    case toggled(id: Int64, isDone: Bool)
    case deleteTapped
    case deleted(id: Int64)
    case filterTapped
    case selectionMoved(Int)
    case failed(String)
  }

  let repository: TodoRepository

  /// A model that persists with `repository`.
  public init(repository: TodoRepository) {
    self.repository = repository
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .appeared:
      state.isLoading = true
      return perform { repository in .loaded(try await repository.all()) }
    case .loaded(let todos):
      state.isLoading = false
      state.todos = todos
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
      state.todos.append(todo)
      state.draft = ""
      state.message = nil
      return .none
    case .toggleTapped:
      guard let todo = state.selected else { return .none }
      let isDone = !todo.isDone
      return perform { repository in
        try await repository.setDone(id: todo.id, isDone)
        return .toggled(id: todo.id, isDone: isDone)
      }
    case .toggled(let id, let isDone):
      if let index = state.todos.firstIndex(where: { $0.id == id }) {
        state.todos[index].isDone = isDone
      }
      state.message = nil
      state.clampSelection()
      return .none
    case .deleteTapped:
      guard let todo = state.selected else { return .none }
      return perform { repository in
        try await repository.delete(id: todo.id)
        return .deleted(id: todo.id)
      }
    case .deleted(let id):
      state.todos.removeAll { $0.id == id }
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

  /// Runs one database call; its error becomes a message on screen.
  private func perform(
    _ work: @escaping @Sendable (TodoRepository) async throws -> Intent
  ) -> Effect<Intent, Never> {
    .run { [repository] send in
      await send(try await work(repository))
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
