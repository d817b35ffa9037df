import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// A todo's note: opened on the selected todo, saved on leaving the area, never lost to a
/// save that failed.
@MainActor
@Suite struct TodoNoteTests {
  static let milk = Todo(id: 1, title: "milk", createdAt: .distantPast)

  static func listed(_ todos: InMemoryTodos) -> TodosModel.State {
    var state = TodosModel.State()
    state.rows = Rows(todos.todos.map { TodoRow.State(todo: $0) })
    return state
  }

  @Test func leavingTheNoteSavesItAndClosesTheEditor() async throws {
    let todos = InMemoryTodos([Self.milk])
    let store = TestStore(
      initialState: Self.listed(todos), model: TodosModel(storage: todos.storage))
    await store.send(.noteTapped) { $0.note = TodoNote.State(todo: Self.milk) }
    await store.send(.note(.textChanged("oat, not cow\n2 litres"))) {
      $0.note?.text = "oat, not cow\n2 litres"
    }
    await store.send(.note(.focusChanged(false))) {
      $0.note?.isFocused = false
      $0.note?.isSaving = true
    }
    var noted = Self.milk
    noted.note = "oat, not cow\n2 litres"
    await store.receive(.note(.saved(noted))) {
      $0.rows[id: 1]?.todo = noted
      $0.note = nil
    }
    #expect(todos.todos == [noted])
  }

  @Test func leavingANoteUnchangedClosesItWithoutASave() async {
    let todos = InMemoryTodos([Self.milk])
    let store = TestStore(
      initialState: Self.listed(todos), model: TodosModel(storage: todos.storage))
    await store.send(.noteTapped) { $0.note = TodoNote.State(todo: Self.milk) }
    await store.send(.note(.focusChanged(false))) { $0.note = nil }
  }

  @Test func aFailedSaveKeepsTheTextAndTheEditorOpen() async {
    let todos = InMemoryTodos([Self.milk])
    var storage = todos.storage
    storage.setNote = { _, _ in throw TodoStoreError.readOnly(path: "/data/todos.sqlite") }
    let store = TestStore(initialState: Self.listed(todos), model: TodosModel(storage: storage))
    await store.send(.noteTapped) { $0.note = TodoNote.State(todo: Self.milk) }
    await store.send(.note(.textChanged("oat"))) { $0.note?.text = "oat" }
    await store.send(.note(.focusChanged(false))) {
      $0.note?.isFocused = false
      $0.note?.isSaving = true
    }
    let reason = TodoStoreError.readOnly(path: "/data/todos.sqlite").description
    await store.receive(.note(.saveFailed(reason))) {
      $0.note?.isSaving = false
      $0.note?.isFocused = true
      $0.note?.message = "The note was not saved: \(reason)"
    }
    await store.finish()
    #expect(todos.todos == [Self.milk])
  }

  @Test func whatIsTypedWhileANoteSavesIsSavedNext() async throws {
    let todos = InMemoryTodos([Self.milk])
    let gate = Gate()
    var storage = todos.storage
    let save = storage.setNote
    storage.setNote = { id, note in
      await gate.wait()
      return try await save(id, note)
    }
    let store = TestStore(initialState: Self.listed(todos), model: TodosModel(storage: storage))
    store.exhaustivity = .off
    await store.send(.noteTapped)
    await store.send(.note(.textChanged("oat")))
    await store.send(.note(.focusChanged(false)))
    // Back in the area while "oat" saves: the editor stays, and takes more text.
    await store.send(.note(.focusChanged(true)))
    await store.send(.note(.textChanged("oat, 2 litres")))
    await store.send(.note(.focusChanged(false)))
    #expect(store.state.note?.isSaving == true)
    await gate.open()
    // "oat" is saved; its answer starts the save of what was typed since, which is saved too.
    for _ in 0..<2 {
      await store.finish()
      await store.skipReceivedIntentsWhenDone()
    }
    #expect(store.state.note == nil)
    #expect(todos.todos.map(\.note) == ["oat, 2 litres"])
    #expect(store.state.rows[id: 1]?.todo.note == "oat, 2 litres")
  }
}
