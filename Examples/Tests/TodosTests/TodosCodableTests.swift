import Foundation
import MVIKit
import Testing
import Todos

/// The todo list's state and intents, rows included, survive a JSON round trip, as a
/// recording needs.
@Suite struct TodosCodableTests {
  static let milk = Todo(
    id: 3, title: "milk", createdAt: Date(timeIntervalSince1970: 1_700_000_000.125))
  static let bread = Todo(
    id: 7, title: "bread", isDone: true, createdAt: Date(timeIntervalSince1970: 1_700_000_100))

  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  @Test func aStateWithRowsRoundTrips() throws {
    var state = TodosModel.State()
    var saving = TodoRow.State(todo: Self.bread)
    saving.isSaving = true
    saving.problem = "The database is locked."
    state.rows = [TodoRow.State(todo: Self.milk), saving]
    state.filter = .done
    state.draft = "bread and butter"
    state.rename = TodoRename(id: 7, originalTitle: "bread", draftBefore: "half typed")
    state.undo = .deleted([Todo(id: 1, title: "eggs", createdAt: Date(timeIntervalSince1970: 0))])
    state.message = "No done todos to clear."
    state.isLoading = true
    state.selection = 1
    var decoded = try roundTrip(state)
    #expect(decoded == state)
    #expect(decoded.rows.ids == [3, 7])
    #expect(decoded.visible.map(\.id) == [7])
    // The decoded rows are indexed by id again.
    #expect(decoded.rows[id: 7]?.problem == "The database is locked.")
    decoded.rows[id: 3] = nil
    #expect(decoded.todos == [Self.bread])
    #expect(try roundTrip(TodosModel.State()) == TodosModel.State())
  }

  @Test func everyIntentRoundTrips() throws {
    let intents: [TodosModel.Intent] = [
      .appeared, .loaded([Self.milk, Self.bread]), .draftChanged("eggs"), .addTapped,
      .added(Self.milk), .editTapped, .renamed(Self.bread, previousTitle: "milk", isUndo: false),
      .addFailed(title: "eggs", message: "Disk full."), .row(Keyed(3, .toggleTapped)),
      .row(Keyed(3, .toggled(isDone: true))), .row(Keyed(7, .failed("Disk full."))),
      .deleteTapped, .clearCompletedTapped, .deleted([Self.bread]), .undoTapped,
      .restored([Self.bread]), .filterTapped, .selectionMoved(2), .failed("Cannot open."),
    ]
    #expect(try roundTrip(intents) == intents)
    #expect(try roundTrip(TodoFilter.allCases) == TodoFilter.allCases)
  }

  @Test func aStateWithTwoRowsForOneTodoDoesNotDecode() throws {
    var state = TodosModel.State()
    state.rows = [TodoRow.State(todo: Self.milk)]
    var object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
    let row = try #require((object["rows"] as? [Any])?.first)
    object["rows"] = [row, row]
    let json = try JSONSerialization.data(withJSONObject: object)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TodosModel.State.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["rows"])
    #expect(context.debugDescription.contains("id 3"))
  }
}
