import Foundation
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

/// One tap starts `count` effects at once, each answering with its number: the answers append
/// to one list (every order a distinct state), or each sets its own flag (every order the same
/// state, which pruning sees).
struct Fanout: Model {
  struct State: Hashable, Sendable {
    var answers: [Int] = []
    var flags: [Bool]
  }
  enum Intent: Hashable, Sendable {
    case go
    case answered(Int)
  }

  let count: Int
  /// Whether each answer appends to the one list, so that the order of answers matters.
  let isDependent: Bool

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .go:
      return .merge((0..<count).map { index in .run { send in await send(.answered(index)) } })
    case .answered(let index):
      if isDependent { state.answers.append(index) } else { state.flags[index] = true }
      return .none
    }
  }
}

/// The shape a user's session has (bench 13c): each tap is its own intent and starts its own
/// run, whose answer lands in one list, so that taps interleave with answers.
struct Taps: Model {
  struct State: Hashable, Sendable {
    var taps = 0
    var answers: [Int] = []
  }
  enum Intent: Hashable, Sendable {
    case tap(Int)
    case answered(Int)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .tap(let index):
      state.taps += 1
      return .run { send in await send(.answered(index)) }
    case .answered(let index):
      state.answers.append(index)
      return .none
    }
  }
}

@MainActor
enum ExplorerCases {
  /// N taps, each starting its own run that answers into one list: the orders of taps and
  /// answers a user's session has. The target is 10 taps, every order, within 10 s and
  /// 1 GB; the floor is 13b's shape at the same count, one intent merging N runs.
  static func interleavedTaps() async -> [Row] {
    var rows: [Row] = []
    // MVIKIT_BENCH_TAPS=6,8 for fewer, while profiling.
    let counts =
      ProcessInfo.processInfo.environment["MVIKIT_BENCH_TAPS"].map {
        $0.split(separator: ",").compactMap { Int($0) }
      } ?? [6, 8, 9, 10]
    for count in counts {
      let explorer = ScheduleExplorer(model: Taps(), initialState: Taps.State())
      let scenario = (0..<count).map(Taps.Intent.tap)
      var report: ExplorationReport?
      let measured = await measureAsync(1, repeats: count >= 9 ? 1 : 3) { _ in
        // 10 taps are 3,991,680 schedules: the limit only guards the row against a regression
        // that runs away (as 10 taps did, past five million, before pruning held).
        report = await explorer.explore(scenario, limit: 5_000_000)
      }
      let fanout = ScheduleExplorer(
        model: Fanout(count: count, isDependent: true),
        initialState: Fanout.State(flags: Array(repeating: false, count: count)))
      let floor = await measureAsync(1, repeats: count >= 9 ? 1 : 3) { _ in
        _ = await fanout.explore([.go], limit: 20_000_000)
      }
      let seconds = measured.ns / 1e9
      let peak = peakResidentMegabytes()
      let schedules = report?.schedules ?? 0
      rows.append(
        Row(
          name: "13c. explore \(count) taps interleaved with their answers (ms)",
          nanoseconds: measured.ns / 1e6, floorName: "13b's shape: one intent, \(count) runs",
          floorNanoseconds: floor.ns / 1e6, allocations: 0,
          target: count == 10 ? "≤ 10 s and ≤ 1 GB, every order" : "report",
          met: count == 10 ? seconds <= 10 && peak <= 1_024 && report?.isExhaustive == true : nil,
          note: "\(schedules) schedules"
            + (report?.isExhaustive == true ? " (every order)" : " (NOT exhaustive)")
            + ", \(report?.pruned ?? 0) pruned, \(Int(Double(schedules) / max(seconds, 1e-9))) "
            + "schedules/s; peak RSS \(peak) MB"))
    }
    return rows
  }

  /// How the explorer scales with effects in flight: one exploration of a tap that starts 4,
  /// 6, 8 or 10 effects, their answers dependent or independent. Ten dependent effects are
  /// 3,628,800 distinct orders, none prunable: the target is 10 s and 1 GB for them.
  static func fanouts() async -> [Row] {
    var rows: [Row] = []
    for count in [4, 6, 8, 10] {
      var explored: [Bool: ExplorationReport] = [:]
      var time: [Bool: Double] = [:]
      for isDependent in [false, true] {
        let explorer = ScheduleExplorer(
          model: Fanout(count: count, isDependent: isDependent),
          initialState: Fanout.State(flags: Array(repeating: false, count: count)))
        let measured = await measureAsync(1, repeats: count >= 8 ? 1 : 3) { _ in
          explored[isDependent] = await explorer.explore([.go], limit: 10_000_000)
        }
        time[isDependent] = measured.ns
      }
      let dependent = explored[true]
      let seconds = (time[true] ?? 0) / 1e9
      // The process's peak so far: the largest exploration yet, as the counts only grow.
      let peak = peakResidentMegabytes()
      rows.append(
        Row(
          name: "13b. explore \(count) effects in flight, dependent answers (ms)",
          nanoseconds: (time[true] ?? 0) / 1e6,
          floorName: "the same, independent answers", floorNanoseconds: (time[false] ?? 0) / 1e6,
          allocations: 0, target: count == 10 ? "≤ 10 s and ≤ 1 GB" : "report",
          met: count == 10 ? seconds <= 10 && peak <= 1_024 : nil,
          note: "\(dependent?.schedules ?? 0) schedules dependent"
            + (dependent?.isExhaustive == true ? " (every order)" : " (NOT exhaustive)")
            + ", \(explored[false]?.schedules ?? 0) independent "
            + "(\(explored[false]?.pruned ?? 0) branches pruned); peak RSS \(peak) MB"))
    }
    return rows
  }

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
