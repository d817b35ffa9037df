import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// Saves racing a delete, under every order in which the storage answers.
@MainActor
@Suite struct TodosExplorationTests {
  nonisolated static let milk = Todo(id: 1, title: "milk", createdAt: .distantPast)

  /// Storage whose every call answers at once, the same way in every schedule.
  nonisolated static let storage = TodoStorage(
    changes: { AsyncThrowingStream { $0.finish() } },
    add: { Todo(id: 2, title: $0, createdAt: .distantPast) },
    setDone: { _, _ in },
    rename: { id, title in Todo(id: id, title: title, createdAt: .distantPast) },
    delete: { _ in milk },
    deleteCompleted: { [] },
    restore: { _ in },
    setNote: { id, note in Todo(id: id, title: "milk", createdAt: .distantPast, note: note) })

  static var oneTodo: TodosModel.State {
    var state = TodosModel.State()
    state.rows = [TodoRow.State(todo: milk)]
    return state
  }

  static func deletedForGood(_ state: TodosModel.State) -> String? {
    state.rows.isEmpty && state.rename == nil && state.draft.isEmpty
      && state.undo == .deleted([milk]) && state.message == nil
      ? nil : "ends with \(state)"
  }

  @Test func aToggleSavingWhileItsTodoIsDeletedNeverBringsItBack() async {
    let explorer = ScheduleExplorer(
      model: TodosModel(storage: Self.storage), initialState: Self.oneTodo)
    let report = await explorer.explore(
      [.row(Keyed(1, .toggleTapped)), .deleteTapped], finally: Self.deletedForGood)
    #expect(report.failure == nil)
    // The toggle's answer before the delete's, or after it (then dropped with its row).
    #expect(report.schedules >= 3)
  }

  @Test func aRenameSavingWhileItsTodoIsDeletedLeavesNoDraftBehind() async {
    let explorer = ScheduleExplorer(
      model: TodosModel(storage: Self.storage), initialState: Self.oneTodo)
    let report = await explorer.explore(
      [.editTapped, .draftChanged("oat milk"), .addTapped, .deleteTapped],
      finally: Self.deletedForGood)
    #expect(report.failure == nil)
  }
}
