import MVIKit

/// The intent queue: long chains of fed-back intents and sends from inside a send.
@MainActor
enum QueueCases {
  static func longChain() -> Row {
    let length = 100_000
    let plain = Store(initialState: Chain.State(), model: Chain())
    let floor = measure(length) { n in
      for _ in 0..<n { viewSend(plain, .step(0)) }
    }
    let store = Store(initialState: Chain.State(), model: Chain())
    let mvikit = measure(length) { n in viewSend(store, .step(n - 1)) }
    blackHole(store.steps + plain.steps)
    return Row(
      name: "10. 100,000-long .send chain, per intent", nanoseconds: mvikit.ns,
      floorName: "root send from a view's call site, .none effect", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "≤ 2×, 0 allocs",
      met: mvikit.ns <= floor.ns * 2 && mvikit.allocs < 0.001)
  }

  static func sendFromObserver() -> Row {
    let n = 200_000
    let outside = Store(
      initialState: Chain.State(), model: Chain(), attaching: [FlowObserver { _ in }])
    let floor = measure(n) { n in
      for _ in 0..<n {
        outside.send(.step(0))
        outside.send(.step(0))
      }
    }
    weak var weakInside: Store<Chain>?
    let inside = Store(
      initialState: Chain.State(), model: Chain(),
      attaching: [
        FlowObserver { event in
          if case .intent(.step(1)) = event { weakInside?.send(.step(0)) }
        }
      ])
    weakInside = inside
    let mvikit = measure(n) { n in
      for _ in 0..<n { inside.send(.step(1)) }
    }
    blackHole(inside.steps + outside.steps)
    return Row(
      name: "11. send from inside a flow observer (queued)", nanoseconds: mvikit.ns,
      floorName: "the same two sends from outside", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil)
  }
}

/// A model that steps itself: `.step(n)` feeds back `.step(n - 1)` until 0 (case 10, 11).
struct Chain: Model {
  struct State: Sendable { var steps = 0 }
  enum Intent: Sendable { case step(Int) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .step(let left):
      state.steps += 1
      return left > 0 ? .send(.step(left - 1)) : .none
    }
  }
}
