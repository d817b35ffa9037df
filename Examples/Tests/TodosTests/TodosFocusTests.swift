import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// Where the title field's focus is, as the model keeps it: a rename puts it in the field.
@MainActor
@Suite struct TodosFocusTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("todos-focus-\(UUID().uuidString)")

  @Test func renamingPutsTheFocusInTheFieldAndTheViewReportsItLeaving() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let repository = try TodoRepository(url: folder.appendingPathComponent("todos.sqlite"))
    let milk = try await repository.add(title: "milk")
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    await store.send(.loaded([milk])) { $0.rows = [TodoRow.State(todo: milk)] }
    await store.send(.draftChanged("half typed")) { $0.draft = "half typed" }
    await store.send(.editTapped) {
      $0.rename = TodoRename(id: milk.id, originalTitle: "milk", draftBefore: "half typed")
      $0.draft = "milk"
      $0.isDraftFocused = true
    }
    // Leaving the field ends the rename and gives back what was typed before it.
    await store.send(.draftFocusChanged(false)) {
      $0.isDraftFocused = false
      $0.rename = nil
      $0.draft = "half typed"
    }
    await store.send(.editTapped) {
      $0.rename = TodoRename(id: milk.id, originalTitle: "milk", draftBefore: "half typed")
      $0.draft = "milk"
      $0.isDraftFocused = true
    }
  }

  @Test func theFocusIntentRoundTrips() throws {
    let intent = TodosModel.Intent.draftFocusChanged(true)
    let data = try JSONEncoder().encode(intent)
    #expect(try JSONDecoder().decode(TodosModel.Intent.self, from: data) == intent)
  }
}
