import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// The todo model against a real SQLite file in a temporary folder.
@MainActor
@Suite struct TodosModelTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todos-model-\(UUID().uuidString)")

  func makeRepository() throws -> TodoRepository {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try TodoRepository(url: folder.appendingPathComponent("todos.sqlite"))
  }

  @Test func addToggleDeleteAndFilterArePersisted() async throws {
    let repository = try makeRepository()
    let store = TestStore(
      initialState: TodosModel.State(), model: TodosModel(repository: repository))
    store.exhaustivity = .off  // ids and dates come from the database; checked below
    await store.send(.appeared)
    await store.receive(.loaded([])) { $0.isLoading = false }
    for title in ["milk", "bread", "eggs"] {
      await store.send(.draftChanged(title)) { $0.draft = title }
      await store.send(.addTapped)
      await store.skipReceivedIntentsWhenDone()
    }
    #expect(store.state.todos.map(\.title) == ["milk", "bread", "eggs"])
    #expect(store.state.draft == "")
    await store.send(.selectionMoved(1)) { $0.selection = 1 }
    await store.send(.toggleTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.isDone) == [false, true, false])
    await store.send(.filterTapped) {
      $0.filter = .active
      $0.selection = 0
    }
    #expect(store.state.visible.map(\.title) == ["milk", "eggs"])
    await store.send(.deleteTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.title) == ["bread", "eggs"])

    let reopened = try TodoRepository(url: repository.url)
    let saved = try await reopened.all()
    #expect(saved.map(\.title) == ["bread", "eggs"])
    #expect(saved.map(\.isDone) == [true, false])
  }

  @Test func emptyTitleIsRejectedWithAMessage() async throws {
    let store = TestStore(
      initialState: TodosModel.State(), model: TodosModel(repository: try makeRepository()))
    await store.send(.draftChanged("   ")) { $0.draft = "   " }
    await store.send(.addTapped) { $0.message = "A todo needs a title." }
    await store.finish()
  }

  @Test func aFailedWriteKeepsTheListAndSaysWhy() async throws {
    var state = TodosModel.State()
    state.todos = [Todo(id: 1, title: "milk", createdAt: Date(timeIntervalSince1970: 0))]
    state.draft = "bread"
    let store = TestStore(initialState: state, model: TodosModel(repository: try makeRepository()))
    await store.send(.failed("The todo database is read-only.")) {
      $0.message = "The todo database is read-only."
    }
    await store.finish()
  }

  @Test func filterCycles() {
    #expect(TodoFilter.all.next == .active)
    #expect(TodoFilter.active.next == .done)
    #expect(TodoFilter.done.next == .all)
  }
}

extension TestStore {
  /// Waits for running effects, then reduces what they sent without asserting it.
  func skipReceivedIntentsWhenDone() async {
    await finish()
    skipReceivedIntents()
  }
}
