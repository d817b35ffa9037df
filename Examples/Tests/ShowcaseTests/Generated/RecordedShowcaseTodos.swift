// swift-format-ignore-file
// Made by MVIKit from a recording of ShowcaseModel: 26 steps, 8 of them sent by effects.
// Effects do not run: what they sent in the recording is received in their place,
// so this test needs none of the app's dependencies.
import MVIKit
import MVIKitTesting
import Testing

@testable import ShowcaseKit

@MainActor
@Test func recordedShowcaseTodos() async throws {
  let store = TestStore(
    initialState: try recordedValue(#"{"isHelpShown":false,"memory":{"email":"","sources":{},"todosFilter":"all"},"path":{"entries":[],"nextID":0},"selection":0}"#),
    model: ShowcaseModel.unconnected,
    effects: .recorded
  )
  // Sent from ShowcaseKit/ShowcaseView.swift:58
  await store.send(.selectionMoved(1)) {
    $0.selection = 1
  }
  // Sent from ShowcaseKit/ShowcaseView.swift:58
  await store.send(.selectionMoved(2)) {
    $0.selection = 2
  }
  // Sent from ShowcaseKit/ShowcaseView.swift:58
  await store.send(.selectionMoved(3)) {
    $0.selection = 3
  }
  // Sent from ShowcaseKit/ShowcaseView.swift:58
  await store.send(.selectionMoved(4)) {
    $0.selection = 4
  }
  // Sent from ShowcaseKit/ShowcaseView.swift:59
  await store.send(.openTapped) {
    try $0.path = recordedValue(#"{"entries":[{"element":{"todos":{"_0":{"adding":[],"draft":"","filter":"all","isDraftFocused":false,"isLoading":false,"rows":[],"selection":0,"unreadableCount":0}}},"id":0}],"nextID":1}"#)
    $0.memory.lastApp = .todos
  }
  await store.receive(.screen(Keyed(0, .todos(.appeared)))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.isLoading = true
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.loaded(recordedValue(#"{"todos":[],"unreadable":0}"#)))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.isLoading = false
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("m"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "m"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("mi"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "mi"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("mil"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "mil"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("milk"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "milk"
    }
  }
  // Sent from Todos/TodosView.swift:23
  await store.send(.screen(Keyed(0, .todos(.addTapped)))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = ""
      $0.adding.append("milk")
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.added(recordedValue(#"{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"}"#)))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      try $0.rows = recordedValue(#"[{"isSaving":false,"todo":{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"}}]"#)
      try $0.adding.removeLast(recorded: 1)
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.loaded(recordedValue(#"{"todos":[{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"}],"unreadable":0}"#))))))
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("b"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "b"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("br"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "br"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("bre"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "bre"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("brea"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "brea"
    }
  }
  // Sent from Todos/TodosView.swift:25
  await store.send(.screen(Keyed(0, .todos(.draftChanged("bread"))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = "bread"
    }
  }
  // Sent from Todos/TodosView.swift:23
  await store.send(.screen(Keyed(0, .todos(.addTapped)))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.draft = ""
      $0.adding.append("bread")
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.added(recordedValue(#"{"createdAt":817637095.221,"id":2,"isDone":false,"note":"","title":"bread"}"#)))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      try $0.rows = recordedValue(#"[{"isSaving":false,"todo":{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"}},{"isSaving":false,"todo":{"createdAt":817637095.221,"id":2,"isDone":false,"note":"","title":"bread"}}]"#)
      try $0.adding.removeLast(recorded: 1)
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.loaded(recordedValue(#"{"todos":[{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"},{"createdAt":817637095.221,"id":2,"isDone":false,"note":"","title":"bread"}],"unreadable":0}"#))))))
  // Sent from Todos/TodosView.swift:66
  await store.send(.screen(Keyed(0, .todos(.selectionMoved(1))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.selection = 1
    }
  }
  // Sent from Todos/TodosView.swift:113
  await store.send(.screen(Keyed(0, .todos(.row(Keyed(2, .toggleTapped)))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.rows[id: 2]?.isSaving = true
    }
  }
  await store.receive(.screen(Keyed(0, .todos(.row(Keyed(2, .toggled(isDone: true))))))) {
    try modify(&$0.path[id: 0], case: AppScreen.State.todos) {
      $0.rows[id: 2]?.todo.isDone = true
      $0.rows[id: 2]?.isSaving = false
    }
  }
  try await store.receive(.screen(Keyed(0, .todos(.loaded(recordedValue(#"{"todos":[{"createdAt":817637095.137,"id":1,"isDone":false,"note":"","title":"milk"},{"createdAt":817637095.221,"id":2,"isDone":true,"note":"","title":"bread"}],"unreadable":0}"#))))))
  await store.finish()
}
