import MVIKit
import MVIKitTesting

/// Search as you type, one request per keystroke (case 13).
struct Typeahead: Model {
  struct State: Hashable, Sendable {
    var query = ""
    var results: [String] = []
  }
  enum Intent: Equatable, Sendable {
    case typed(String)
    case loaded([String])
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .typed(let query):
      state.query = query
      return .run { send in await send(.loaded(["results for \(query)"])) }
    case .loaded(let results):
      state.results = results
      return .none
    }
  }
}

@MainActor
enum ExplorerCases {
  /// Schedules the explorer runs per second for three keystrokes, each with its request,
  /// beside one live run of the same scenario.
  static func searchAsYouType() async -> Row {
    let scenario: [Typeahead.Intent] = [.typed("a"), .typed("ab"), .typed("abc")]
    let floor = await measureAsync(1_000) { n in
      for _ in 0..<n {
        let store = Store(initialState: Typeahead.State(), model: Typeahead())
        let tasks = scenario.map { store.send($0) }
        for task in tasks { await task.finish() }
      }
    }
    let explorer = ScheduleExplorer(model: Typeahead(), initialState: Typeahead.State())
    var every = 0
    var distinct = 0
    let unpruned = await measureAsync(50) { n in
      for _ in 0..<n { every = await explorer.explore(scenario, pruning: false).schedules }
    }
    let pruned = await measureAsync(50) { n in
      for _ in 0..<n { distinct = await explorer.explore(scenario).schedules }
    }
    let perSchedule = unpruned.ns / Double(every)
    let rate = 1e9 / perSchedule
    return Row(
      name: "13. explore search-as-you-type, 3 keys (per schedule)", nanoseconds: perSchedule,
      floorName: "one live run of the scenario", floorNanoseconds: floor.ns,
      allocations: unpruned.allocs / Double(every), target: "≥ 10,000 schedules/s",
      met: rate >= 10_000,
      note: "\(Int(rate)) schedules/s; \(every) schedules, \(distinct) with pruning "
        + "(\(Int(pruned.ns / 1_000)) µs per pruned exploration)")
  }
}
