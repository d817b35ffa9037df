import MVIKit

/// One row of the todo list, with its own model: toggling saves that todo and nothing else,
/// and a failed save is shown on the row it concerns.
///
/// The list runs one of these per todo through ``TodosModel/rows``; deleting a todo removes
/// its row and cancels a save still running for it.
public struct TodoRow: Model {
  /// One todo as the list shows it.
  public struct State: Equatable, Sendable, Identifiable, Codable {
    /// The todo as saved.
    public var todo: Todo
    /// Whether a change to it is being saved.
    public var isSaving = false
    /// Why the last change to it failed, or nil.
    public var problem: String?

    /// The row of `todo`.
    public init(todo: Todo) {
      self.todo = todo
    }

    /// The todo's database id.
    public var id: Int64 { todo.id }
  }

  /// What the user did to the row, or what the database answered.
  public enum Intent: Equatable, Sendable, Codable {
    case toggleTapped
    case toggled(isDone: Bool)
    case failed(String)
  }

  let setDone: @Sendable (_ id: Int64, _ isDone: Bool) async throws -> Void

  /// A row model that saves with `setDone`.
  public init(setDone: @escaping @Sendable (_ id: Int64, _ isDone: Bool) async throws -> Void) {
    self.setDone = setDone
  }

  /// Applies `intent` to the row; the row changes only once the database has answered.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .toggleTapped:
      guard !state.isSaving else { return .none }
      state.isSaving = true
      let id = state.id
      let isDone = !state.todo.isDone
      return .run { [setDone] send in
        try await setDone(id, isDone)
        await send(.toggled(isDone: isDone))
      } catch: { error, send in
        await send(.failed(String(describing: error)))
      }
    case .toggled(let isDone):
      state.isSaving = false
      state.todo.isDone = isDone
      state.problem = nil
      return .none
    case .failed(let message):
      state.isSaving = false
      state.problem = message
      return .none
    }
  }
}
