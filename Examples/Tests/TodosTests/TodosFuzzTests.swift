import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Todos

/// Random edits and database answers: ids stay unique, counts add up, the selection stays on
/// a visible row.
@Suite struct TodosFuzzTests {
  @Test func listKeepsItsInvariants() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let repository = try TodoRepository(url: folder.appendingPathComponent("todos.sqlite"))
    let ids = IDSource()
    let report = IntentFuzzer(
      model: TodosModel(storage: TodoStorage(repository: repository)),
      initialState: TodosModel.State(),
      generate: { random in
        let date = Date(timeIntervalSince1970: 0)
        switch Int.random(in: 0..<11, using: &random) {
        case 0:
          return .draftChanged(["", "  ", "milk", "bread"].randomElement(using: &random) ?? "")
        case 1: return .addTapped
        case 2: return .added(Todo(id: ids.next(), title: "todo", createdAt: date))
        case 3:
          return .row(Keyed(Int64.random(in: 1...ids.last, using: &random), .toggleTapped))
        case 4:
          return .row(
            Keyed(
              Int64.random(in: 1...ids.last, using: &random),
              .toggled(isDone: Bool.random(using: &random))))
        case 5: return .deleteTapped
        case 6:
          let id = Int64.random(in: 1...ids.last, using: &random)
          return .deleted([Todo(id: id, title: "gone", createdAt: date)])
        case 7: return .filterTapped
        case 8: return .selectionMoved(Int.random(in: -2...30, using: &random))
        case 9: return .failed("The to-do database is locked.")
        default:
          // A reload from the database keeps the list short, as a real one would be.
          let count = Int.random(in: 0...5, using: &random)
          return .loaded(
            TodoList(
              todos: (0..<count).map { _ in
                Todo(
                  id: ids.next(), title: "saved", isDone: Bool.random(using: &random),
                  createdAt: date)
              }, unreadable: Int.random(in: 0...1, using: &random)))
        }
      },
      invariant: { state in
        if Set(state.todos.map(\.id)).count != state.todos.count { return "todo ids repeat" }
        let done = state.todos.count(where: \.isDone)
        if state.rows.ids != state.todos.map(\.id) { return "row ids differ from todo ids" }
        if state.activeCount + done != state.todos.count { return "counts do not add up" }
        let visible = state.visible
        if visible.isEmpty ? state.selection != 0 : !visible.indices.contains(state.selection) {
          return "selection \(state.selection) outside \(visible.count) visible todos"
        }
        if !visible.allSatisfy({ state.filter.includes($0.todo) }) {
          return "filter shows a wrong todo"
        }
        return nil
      }
    ).run(steps: todosFuzzSteps, seed: 4_004)
    #expect(report.violation == nil)
  }
}

/// Hands out increasing ids, as SQLite's autoincrement does.
final class IDSource {
  private(set) var last: Int64 = 1
  func next() -> Int64 {
    last += 1
    return last
  }
}

let todosFuzzSteps =
  ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000
