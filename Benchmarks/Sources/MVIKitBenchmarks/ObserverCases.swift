import Foundation
import MVIKit
import MallocCounter
import Observation

@MainActor
enum ObserverCases {
  /// 100 `observe` closures reading `count`, each rerun after every change, as views update.
  static func hundredObservers() -> Row {
    let n = 20_000
    let observers = 100
    var reads = 0
    let closures: [() -> Void] = (0..<observers).map { _ in { reads += 1 } }
    let floor = measure(n) { n in
      for _ in 0..<n {
        for closure in closures { closure() }
      }
    }
    let store = Store(initialState: RowTable.State(rows: []), model: RowTable())
    // Each closure does what a floor closure does, one update of a captured variable; that
    // every one reran is checked outside the timing, from the sum of the counts they read.
    let observations = (0..<observers).map { _ in
      store.observe { store in reads &+= store.count }
    }
    let before = reads
    store.send(.increment)
    let runs = (reads &- before) / store.count
    let mvikit = measure(n) { n in
      for _ in 0..<n { store.send(.increment) }
    }
    blackHole(reads)
    withExtendedLifetime(observations) {}
    return Row(
      "4a. 100 observe closures of count", mvikit, floor: "100 closure calls", floor, within: 3,
      target: "≤ 3× in every run", note: "\(runs) runs per intent")
  }

  /// 1,000 row stores from a `RowsLink`, each observed on its own member; the intent changes
  /// one row. Observers are re-armed between rounds, outside the timing: the figure is the
  /// store's cost of an intent with 1,000 observed rows, not Observation's cost of re-arming.
  static func fineGrained() -> Row {
    let rows = 1_000
    let quiet = Store(initialState: Tally.State(count: rows), model: Tally())
    let store = Store(initialState: Tally.State(count: rows), model: Tally())
    let stores = store.scope(Tally.cells)
    let notified = Counter()
    func armAll() {
      for row in stores {
        withObservationTracking {
          _ = row.value
        } onChange: {
          notified.add()
        }
      }
    }
    let clock = ContinuousClock()
    var runs: [Double] = []
    var floorRuns: [Double] = []
    var allocations = 0
    // A run of the floor before each run of the case, so that each pair sees the same state of
    // the machine: a run is a few milliseconds, and one run of the floor measured apart, in a
    // quiet moment, made a run of the case in a busy one miss its target.
    for _ in 0..<5 {
      let floorElapsed = clock.measure {
        for index in 0..<rows { quiet.send(.cells(Keyed(index, .bumped))) }
      }
      floorRuns.append(nanoseconds(floorElapsed) / Double(rows))
      armAll()
      let before = mvikit_malloc_count()
      let elapsed = clock.measure {
        for index in 0..<rows { store.send(.cells(Keyed(index, .bumped))) }
      }
      allocations = mvikit_malloc_count() - before
      runs.append(nanoseconds(elapsed) / Double(rows))
    }
    let perIntent = notified.value / (rows * 5)
    let mvikit = Measured(ns: runs.min()!, allocs: Double(allocations) / Double(rows), runs: runs)
    let floor = Measured(ns: floorRuns.min()!, allocs: 0, runs: floorRuns)
    return Row(
      "4b. 1,000 observed row stores, 1 row changes", mvikit, floor: "same intent, 0 observers",
      floor, within: 10, target: "1 notified, ≤ 10× in every run", allocationsMet: perIntent == 1,
      note: "\(perIntent) notified per intent")
  }
}

/// A counter that observation callbacks (which may run on any thread) can bump.
final class Counter: @unchecked Sendable {
  private var count = 0
  private let lock = NSLock()
  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
