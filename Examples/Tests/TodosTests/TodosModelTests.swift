import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// The todo model, in memory (``InMemoryTodos``), and against a real SQLite file in a
/// temporary folder where what is saved is the point.
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
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    store.exhaustivity = .off  // ids and dates come from the database; checked below
    await store.send(.loaded([]))
    for title in ["milk", "bread", "eggs"] {
      await store.send(.draftChanged(title)) { $0.draft = title }
      await store.send(.addTapped)
      await store.skipReceivedIntentsWhenDone()
    }
    #expect(store.state.todos.map(\.title) == ["milk", "bread", "eggs"])
    #expect(store.state.draft == "")
    await store.send(.selectionMoved(1)) { $0.selection = 1 }
    let bread = try #require(store.state.selected?.id)
    await store.send(.row(Keyed(bread, .toggleTapped))) { $0.rows[id: bread]?.isSaving = true }
    await store.receive(.row(Keyed(bread, .toggled(isDone: true)))) {
      $0.rows[id: bread]?.isSaving = false
      $0.rows[id: bread]?.todo.isDone = true
    }
    #expect(store.state.todos.map(\.isDone) == [false, true, false])
    await store.send(.filterTapped) {
      $0.filter = .active
      $0.selection = 0
    }
    #expect(store.state.visible.map(\.todo.title) == ["milk", "eggs"])
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
      initialState: TodosModel.State(), model: TodosModel(storage: InMemoryTodos().storage))
    await store.send(.draftChanged("   ")) { $0.draft = "   " }
    await store.send(.addTapped) { $0.message = "A todo needs a title." }
    await store.finish()
  }

  @Test func aFailedWriteKeepsTheListAndSaysWhy() async throws {
    var state = TodosModel.State()
    state.rows = [TodoRow.State(todo: Todo(id: 1, title: "milk", createdAt: .distantPast))]
    state.draft = "bread"
    let store = TestStore(initialState: state, model: TodosModel(storage: InMemoryTodos().storage))
    await store.send(.failed("The todo database is read-only.")) {
      $0.message = "The todo database is read-only."
    }
    await store.finish()
  }

  @Test func deletingARowCancelsItsSave() async throws {
    let saving = AsyncStream<Void>.makeStream()
    let row = TodoRow(setDone: { _, _ in
      saving.continuation.yield()
      try await Task.sleep(for: .seconds(60))
    })
    var state = TodosModel.State()
    state.rows = [TodoRow.State(todo: Todo(id: 7, title: "milk", createdAt: .distantPast))]
    let store = Store(
      initialState: state, model: TodosModel(storage: InMemoryTodos().storage, row: row))
    let rowStore = try #require(store.scope(TodosModel.rows, id: 7))
    let save = rowStore.send(.toggleTapped)
    #expect(rowStore.isSaving)
    var started = saving.stream.makeAsyncIterator()
    await started.next()
    store.send(.deleted([Todo(id: 7, title: "milk", createdAt: .distantPast)]))
    await save.finish()  // returns because the save was cancelled, not after a minute
    #expect(store.rows.isEmpty)
    #expect(store.scope(TodosModel.rows, id: 7) == nil)
  }

  @Test func aRowSaysWhyItsSaveFailed() async throws {
    var state = TodosModel.State()
    state.rows = [TodoRow.State(todo: Todo(id: 1, title: "milk", createdAt: .distantPast))]
    let store = TestStore(
      initialState: state,
      model: TodosModel(
        storage: TodoStorage(opening: { throw TodoStoreError.readOnly(path: "/x/todos.sqlite") })))
    await store.send(.row(Keyed(1, .toggleTapped))) { $0.rows[id: 1]?.isSaving = true }
    await store.receive(
      .row(Keyed(1, .failed("\(TodoStoreError.readOnly(path: "/x/todos.sqlite"))")))
    ) {
      $0.rows[id: 1]?.isSaving = false
      $0.rows[id: 1]?.problem = "\(TodoStoreError.readOnly(path: "/x/todos.sqlite"))"
    }
    await store.finish()
  }

  @Test func aDatabaseThatCannotOpenIsShownNotFatal() async throws {
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(
        storage: TodoStorage(opening: { throw TodoStoreError.readOnly(path: "/x/todos.sqlite") })))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.failed("\(TodoStoreError.readOnly(path: "/x/todos.sqlite"))")) {
      $0.isLoading = false
      $0.message = "\(TodoStoreError.readOnly(path: "/x/todos.sqlite"))"
    }
    await store.finish()
  }

  @Test func anIntentForADeletedRowIsReportedAndDropped() async throws {
    var warnings: [String] = []
    let store = Store(
      initialState: TodosModel.State(), model: TodosModel(storage: InMemoryTodos().storage),
      attaching: [
        FlowObserver { event in
          if case .runtimeWarning(let warning) = event { warnings.append(warning) }
        }
      ])
    await store.send(.row(Keyed(99, .toggleTapped))).finish()
    #expect(store.state == TodosModel.State())
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("row 99") == true)
  }

  @Test func renameClearDoneAndUndoArePersisted() async throws {
    let repository = try makeRepository()
    for title in ["milk", "bread", "eggs"] { try await repository.add(title: title) }
    try await repository.setDone(id: 1, true)
    try await repository.setDone(id: 3, true)
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    store.exhaustivity = .off
    await store.send(.loaded(TodoList(todos: try await repository.all())))
    await store.send(.selectionMoved(1))
    await store.send(.editTapped) {
      $0.rename = TodoRename(id: 2, originalTitle: "bread", draftBefore: "")
      $0.draft = "bread"
    }
    await store.send(.draftChanged("  rye bread ")) { $0.draft = "  rye bread " }
    await store.send(.addTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.rename == nil)
    #expect(store.state.todos.map(\.title) == ["milk", "rye bread", "eggs"])
    #expect(store.state.undo == .renamed(id: 2, previousTitle: "bread"))
    await store.send(.clearCompletedTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.title) == ["rye bread"])
    #expect(
      store.state.undo.map { if case .deleted(let todos) = $0 { todos.map(\.title) } else { [] } }
        == ["milk", "eggs"])
    #expect(try await repository.all().map(\.title) == ["rye bread"])
    await store.send(.undoTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.title) == ["milk", "rye bread", "eggs"])
    #expect(store.state.undo == nil)
    // Put back as they were: same ids, done, and dates.
    let restored = try await repository.all()
    #expect(restored.map(\.id) == [1, 2, 3])
    #expect(restored.map(\.isDone) == [true, false, true])
    await store.send(.undoTapped) { $0.message = "Nothing to undo." }
    await store.send(.clearCompletedTapped)
    await store.skipReceivedIntentsWhenDone()
    await store.send(.clearCompletedTapped) { $0.message = "No done todos to clear." }
  }

  /// The model's whole cycle runs on a test value of its storage: no database file.
  @Test func addToggleDeleteAndUndoInMemory() async throws {
    let todos = InMemoryTodos()
    let store = Store(initialState: TodosModel.State(), model: TodosModel(storage: todos.storage))
    let live = store.send(.appeared)
    for title in ["milk", "bread"] {
      store.send(.draftChanged(title))
      await store.send(.addTapped).finish()
    }
    #expect(store.todos.map(\.title) == ["milk", "bread"])
    let milk = try #require(store.todos.first)
    await store.send(.row(Keyed(milk.id, .toggleTapped))).finish()
    #expect(todos.todos.map(\.isDone) == [true, false])
    await store.send(.clearCompletedTapped).finish()
    #expect(todos.todos.map(\.title) == ["bread"])
    await store.send(.undoTapped).finish()
    #expect(todos.todos.map(\.title) == ["milk", "bread"])
    #expect(store.todos.map(\.title) == ["milk", "bread"])
    live.cancel()
  }

  @Test func everyEnterAddsExactlyTheTitleTypedBeforeItInTheOrderTyped() async throws {
    let repository = try makeRepository()
    // SQLite answers only once every title is typed, as when a user types faster than it.
    let gate = Gate()
    let storage = TodoStorage(repository: repository).holdingAdds(at: gate)
    let store = TestStore(initialState: TodosModel.State(), model: TodosModel(storage: storage))
    store.exhaustivity = .off
    let titles = (1...20).map { "C\($0)" }
    for title in titles {
      await store.send(.draftChanged(title))
      await store.send(.addTapped)
      #expect(store.state.draft == "")
    }
    #expect(store.state.adding == titles)
    await gate.open()
    // Each answer starts the next save; wait for all twenty.
    while !store.state.adding.isEmpty { await store.skipReceivedIntentsWhenDone() }
    #expect(store.state.todos.map(\.title) == titles)
    #expect(try await repository.all().map(\.title) == titles)
  }

  @Test func enterClearsTheFieldInTheSameReduceAndSavesOneTitleAtATime() async {
    let gate = Gate()
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(storage: InMemoryTodos().storage.holdingAdds(at: gate)))
    await store.send(.draftChanged("milk")) { $0.draft = "milk" }
    await store.send(.addTapped) {
      $0.draft = ""
      $0.adding = ["milk"]
    }
    await store.send(.draftChanged("bread")) { $0.draft = "bread" }
    await store.send(.addTapped) {
      $0.draft = ""
      $0.adding = ["milk", "bread"]
    }
    let milk = Todo(id: 1, title: "milk", createdAt: .distantPast)
    let bread = Todo(id: 2, title: "bread", createdAt: .distantPast)
    await gate.open()
    await store.receive(.added(milk)) {
      $0.rows = [TodoRow.State(todo: milk)]
      $0.adding = ["bread"]
    }
    await store.receive(.added(bread)) {
      $0.rows = [TodoRow.State(todo: milk), TodoRow.State(todo: bread)]
      $0.adding = []
    }
    // The save's task may still be ending after the intent it sent was received.
    await store.finish()
  }

  @Test func aTitleThatCouldNotBeSavedComesBackOrIsNamed() async {
    var storage = InMemoryTodos().storage
    storage.add = { _ in throw TodoStoreError.readOnly(path: "/x/todos.sqlite") }
    let gate = Gate()
    let store = TestStore(
      initialState: TodosModel.State(), model: TodosModel(storage: storage.holdingAdds(at: gate)))
    let reason = "\(TodoStoreError.readOnly(path: "/x/todos.sqlite"))"
    await store.send(.draftChanged("milk")) { $0.draft = "milk" }
    await store.send(.addTapped) {
      $0.draft = ""
      $0.adding = ["milk"]
    }
    await gate.release()
    await store.receive(.addFailed(title: "milk", message: reason)) {
      $0.draft = "milk"
      $0.adding = []
      $0.message = reason
    }
    // Typed on meanwhile: the field keeps the new text and the message names the lost title.
    await store.send(.addTapped) {
      $0.draft = ""
      $0.adding = ["milk"]
      $0.message = nil
    }
    await store.send(.draftChanged("bread")) { $0.draft = "bread" }
    await gate.release()
    await store.receive(.addFailed(title: "milk", message: reason)) {
      $0.adding = []
      $0.message = "\"milk\" was not added: \(reason)"
    }
    await store.finish()
  }

  @Test func aRenameEndsWhenTheFieldIsLeftAndCanBeUndone() async throws {
    let repository = try makeRepository()
    for title in ["alpha", "beta"] { try await repository.add(title: title) }
    let store = TestStore(
      initialState: TodosModel.State(),
      model: TodosModel(storage: TodoStorage(repository: repository)))
    store.exhaustivity = .off
    await store.send(.loaded(TodoList(todos: try await repository.all())))
    // e on alpha, "zzz", Esc (the field loses the focus), beta, back into the field, Enter.
    await store.send(.editTapped)
    await store.send(.draftChanged("zzz"))
    await store.send(.draftFocusChanged(false)) {
      $0.rename = nil
      $0.draft = ""
    }
    await store.send(.selectionMoved(1))
    await store.send(.draftFocusChanged(true))
    await store.send(.addTapped) { $0.message = "A todo needs a title." }
    await store.skipReceivedIntentsWhenDone()
    #expect(try await repository.all().map(\.title) == ["alpha", "beta"])
    // e on beta, Esc, back into the field, "call mom", Enter: a new todo, beta untouched.
    await store.send(.editTapped)
    await store.send(.draftFocusChanged(false))
    await store.send(.draftFocusChanged(true))
    await store.send(.draftChanged("call mom"))
    await store.send(.addTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(try await repository.all().map(\.title) == ["alpha", "beta", "call mom"])
    // A rename saved is undone by u.
    await store.send(.selectionMoved(0))
    await store.send(.editTapped)
    await store.send(.draftChanged("omega"))
    await store.send(.addTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.title) == ["omega", "beta", "call mom"])
    #expect(store.state.undo == .renamed(id: 1, previousTitle: "alpha"))
    await store.send(.undoTapped)
    await store.skipReceivedIntentsWhenDone()
    #expect(store.state.todos.map(\.title) == ["alpha", "beta", "call mom"])
    #expect(try await repository.all().map(\.title) == ["alpha", "beta", "call mom"])
    #expect(store.state.undo == nil)
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

/// Holds each waiter until it is let through: one at a time with ``release()``, or every one
/// from then on with ``open()``. Stands in for a database that has not answered yet.
actor Gate {
  private var permits = 0
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    if permits > 0 {
      permits -= 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Lets one waiter through, now or when it comes.
  func release() {
    if waiters.isEmpty { permits += 1 } else { waiters.removeFirst().resume() }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

extension TodoStorage {
  /// This storage with each add held until `gate` lets it through.
  func holdingAdds(at gate: Gate) -> TodoStorage {
    var storage = self
    storage.add = { [add] title in
      await gate.wait()
      return try await add(title)
    }
    return storage
  }
}
