import Foundation
import MVIKit
import Observation

@MainActor
enum ObserverCases {
  /// 100 observers of `count`, each re-armed after every change, as views re-render.
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
    let store = Store(initialState: Rows.State(rows: []), model: Rows())
    let notified = Counter()
    func arm() {
      withObservationTracking {
        _ = store.count
      } onChange: {
        notified.add()
      }
    }
    for _ in 0..<observers { arm() }
    let mvikit = measure(n) { n in
      for _ in 0..<n {
        store.send(.increment)
        for _ in 0..<observers { arm() }
      }
    }
    blackHole(reads)
    return Row(
      name: "4a. 100 observers of count, re-armed", nanoseconds: mvikit.ns,
      floorName: "100 closure calls", floorNanoseconds: floor.ns, allocations: mvikit.allocs,
      target: "≤ 2×", met: mvikit.ns <= floor.ns * 2,
      note: "\(notified.value / (n * 5)) notified per intent")
  }

  /// 1,000 observers each watching its own row; the intent changes one row.
  static func fineGrained() -> Row {
    let n = 20_000
    let rows = 1_000
    let quiet = Store(
      initialState: Rows.State(rows: Array(repeating: 0, count: rows)), model: Rows())
    let floor = measure(n) { n in
      for index in 0..<n { quiet.send(.bump(index % rows)) }
    }
    let store = Store(
      initialState: Rows.State(rows: Array(repeating: 0, count: rows)), model: Rows())
    let notified = Counter()
    func arm(_ row: Int) {
      withObservationTracking {
        _ = store[dynamicMember: \.rows[row]]
      } onChange: {
        notified.add()
      }
    }
    for row in 0..<rows { arm(row) }
    let before = notified.value
    store.send(.bump(7))
    let perIntent = notified.value - before
    arm(7)
    let mvikit = measure(n) { n in
      for index in 0..<n {
        store.send(.bump(index % rows))
        arm(index % rows)
      }
    }
    return Row(
      name: "4b. 1,000 row observers, 1 row changes", nanoseconds: mvikit.ns,
      floorName: "same intent, 0 observers", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "1 notified, ≤ 2×",
      met: perIntent == 1 && mvikit.ns <= floor.ns * 2, note: "\(perIntent) notified per intent")
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
