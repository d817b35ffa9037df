import MVIKit
import MVIKitTesting
import Observation

/// The floor's reduce lives behind a global the optimiser must reload, so it cannot fold it.
/// What the round-trip floor's hop back to the main actor increments.
@MainActor var roundTrips = 0

nonisolated(unsafe) var opaqueReduce: (inout Ledger.State, Ledger.Intent) -> Void = { _, _ in }

@MainActor
enum CoreCases {
  /// A root send from a View's call site, which the optimiser does not inline into the loop.
  static func syncIntent() -> Row {
    let n = 1_000_000
    let floor = opaqueReduceFloor(n)
    let store = Store(initialState: Ledger.State(items: 1_000), model: Ledger())
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(store, .increment) }
    }
    blackHole(store.count)
    return Row(
      "1. send(.increment) from a view's call site, .none effect", mvikit,
      floor: "reduce via opaque closure", floor, within: 10, target: "≤ 10×, 0 allocs",
      allocationsMet: mvikit.allocs < 0.001)
  }

  /// A send whose reduce returns `.none`, to a model whose reduce has effect cases too (`.run`,
  /// `.emit`): the compiler no longer proves every effect `.none`, so the send keeps its effect
  /// check, the reduce its call. What most apps' sends cost.
  static func syncIntentOfEffectfulModel() -> Row {
    let n = 1_000_000
    let floor = opaqueReduceFloor(n)
    let store = Store(initialState: Echo.State(), model: Echo())
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(store, .pong) }
    }
    blackHole(store.pongs)
    return Row(
      "1e. send(.pong), .none effect, to a model with effect cases", mvikit,
      floor: "reduce via opaque closure", floor, within: 10, target: "≤ 10×, 0 allocs",
      allocationsMet: mvikit.allocs < 0.001)
  }

  /// The same send written in the loop, where the optimiser inlines the whole reduce: what a
  /// send costs at best, shown apart, as no View's call site is inlined so.
  static func inlinedSyncIntent() -> Row {
    let n = 1_000_000
    let floor = opaqueReduceFloor(n)
    let store = Store(initialState: Ledger.State(items: 1_000), model: Ledger())
    let mvikit = measure(n) { n in
      for _ in 0..<n { store.send(.increment) }
    }
    blackHole(store.count)
    return Row(
      "1x. (extra) the same send inlined into the loop", mvikit,
      floor: "reduce via opaque closure", floor, within: 5, target: "≤ 5×, 0 allocs",
      allocationsMet: mvikit.allocs < 0.001)
  }

  private static func opaqueReduceFloor(_ n: Int) -> Measured {
    let model = Ledger()
    opaqueReduce = { state, intent in _ = model.reduce(&state, intent) }
    return measure(n) { n in
      var state = Ledger.State(items: 1_000)
      for _ in 0..<n { opaqueReduce(&state, .increment) }
      blackHole(state.count)
    }
  }

  /// A root send of ``Nest`` from a View's call site: the floor of the composed sends.
  static func rootSend(_ n: Int) -> Measured {
    let root = Store(initialState: Nest.State(), model: Nest())
    return measure(n) { n in
      for _ in 0..<n { viewSend(root, .bump) }
    }
  }

  static func effectRoundTrip() async -> Row {
    let n = 20_000
    let store = Store(initialState: Echo.State(), model: Echo())
    let (floor, mvikit) = await measureAsyncInTurns(n) { n in
      for _ in 0..<n {
        await Task.detached { await MainActor.run { roundTrips += 1 } }.value
      }
    } _: { n in
      for _ in 0..<n { await store.send(.ping).finish() }
    }
    blackHole(roundTrips)
    // Every run against the floor's run made just before it, as for the other timed targets.
    return Row(
      "2. .run effect sends one intent back", mvikit, floor: "detached task + MainActor.run",
      floor, within: 1.2, target: "≤ 1.2×, ≤ 8 allocs", allocationsMet: mvikit.allocs <= 8)
  }

  static func sideEffectEmission() async -> Row {
    let n = 200_000
    let floor = await measureAsync(n) { n in
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      let consumer = Task {
        var received = 0
        for await _ in stream {
          received += 1
          if received == n { break }
        }
      }
      for number in 0..<n { continuation.yield(number) }
      await consumer.value
    }
    let mvikit = await measureAsync(n) { n in
      let store = Store(initialState: Echo.State(), model: Echo())
      let sideEffects = store.sideEffects
      let consumer = Task {
        var received = 0
        for await _ in sideEffects {
          received += 1
          if received == n { break }
        }
      }
      for number in 0..<n { store.send(.say(number)) }
      await consumer.value
    }
    return Row(
      name: "3. side effect to one consumer", nanoseconds: mvikit.ns,
      floorName: "AsyncStream yield + consume", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil)
  }

  /// A send into a store scoped once, through one ``ChildLink``, beside a root send.
  static func childLinkSend() -> Row {
    let n = 1_000_000
    let floor = rootSend(n)
    let held = Store(initialState: Held.State(), model: Held())
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(held, .nest(.bump)) }
    }
    return Row(
      "5a. send through one ChildLink", mvikit, floor: "root send", floor, within: 3,
      target: "≤ 3×")
  }

  /// A send through one ``OptionalChildLink`` (a sheet that is there), beside the same child
  /// held by a ``ChildLink``.
  static func optionalChildSend() -> Row {
    let n = 1_000_000
    let held = Store(initialState: Held.State(), model: Held())
    let floor = measure(n) { n in
      for _ in 0..<n { viewSend(held, .nest(.bump)) }
    }
    let sheet = Store(initialState: Modal.State(), model: Modal())
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(sheet, .nest(.bump)) }
    }
    return Row(
      "5e. send through one OptionalChildLink", mvikit,
      floor: "the same child held by a ChildLink", floor, within: 1.5, target: "≤ 1.5×")
  }

  /// A send into a store scoped once through a ``ChildLink``, as a child view sends, beside a
  /// root send.
  static func scopedOnce() -> Row {
    let n = 1_000_000
    let floor = rootSend(n)
    let held = Store(initialState: Held.State(), model: Held())
    let child = held.scope(Held.nest)
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(child, .bump) }
    }
    return Row(
      "5c. send into a store scoped once (a child view's send)", mvikit, floor: "root send",
      floor, within: 3, target: "≤ 3×")
  }

  /// `scope(_:)` of a child scoped before, as a view's body does on every render, beside a root
  /// send: it finds the cached store and must allocate nothing.
  static func cachedScope() -> Row {
    let n = 1_000_000
    let floor = rootSend(n)
    let held = Store(initialState: Held.State(), model: Held())
    blackHole(held.scope(Held.nest))
    let mvikit = measure(n) { n in
      for _ in 0..<n { blackHole(held.scope(Held.nest)) }
    }
    return Row(
      name: "5d. scope(_:) of a child scoped before (a view's render)", nanoseconds: mvikit.ns,
      floorName: "root send", floorNanoseconds: floor.ns, allocations: mvikit.allocs,
      target: "0 allocs", met: mvikit.allocs < 0.001)
  }

  static func scoping() -> Row {
    let n = 1_000_000
    let floor = rootSend(n)
    var scoped = Store(initialState: Nest.State(), model: Nest())
    let root = scoped
    for _ in 0..<10 {
      scoped = scoped.scope(Nest.inner)
    }
    let deep = scoped
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(deep, .bump) }
    }
    blackHole(root.value)
    return Row(
      "5. send through a store scoped 10 deep", mvikit, floor: "root send", floor, within: 5,
      target: "≤ 5×")
  }

  /// A send into a child whose state is one case of an enum, through its ``CaseLink``, beside
  /// the same child held in a struct through a ``ChildLink``.
  static func caseLinkSend() -> Row {
    let n = 1_000_000
    let held = Store(initialState: Held.State(), model: Held())
    let floor = measure(n) { n in
      for _ in 0..<n { viewSend(held, .nest(.bump)) }
    }
    let screen = Store(initialState: Screen.State.nest(Nest.State()), model: Screen())
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(screen, .nest(.bump)) }
    }
    return Row(
      "5b. send into an enum-state child through its CaseLink", mvikit,
      floor: "the same child held by a ChildLink", floor, within: 1.5, target: "≤ 1.5×")
  }

  static func largeState() -> Row {
    let n = 1_000_000
    let small = Store(initialState: Ledger.State(items: 1_000), model: Ledger())
    let floor = measure(n) { n in
      for index in 0..<n { small.send(.setItem(index % 1_000, index)) }
    }
    let large = Store(initialState: Ledger.State(items: 100_000), model: Ledger())
    let mvikit = measure(n) { n in
      for index in 0..<n { large.send(.setItem(index % 100_000, index)) }
    }
    return Row(
      name: "6. change 1 of 100,000 items", nanoseconds: mvikit.ns,
      floorName: "change 1 of 1,000 items", floorNanoseconds: floor.ns, allocations: mvikit.allocs,
      target: "≤ 2× (no array copy)", met: mvikit.ns <= floor.ns * 2 && mvikit.allocs < 0.001)
  }

  static func testStoreSend() async -> Row {
    let n = 5_000
    let plain = Store(initialState: Nest.State(), model: Nest())
    let floor = await measureAsync(n) { n in
      for _ in 0..<n { plain.send(.bump) }
    }
    let store = TestStore(initialState: Nest.State(), model: Nest())
    let mvikit = await measureAsync(n, repeats: 1) { n in
      for _ in 0..<n { await store.send(.bump) { $0.value += 1 } }
    }
    return Row(
      name: "9. TestStore asserted send", nanoseconds: mvikit.ns, floorName: "Store.send",
      floorNanoseconds: floor.ns, allocations: mvikit.allocs, target: "report", met: nil)
  }
}
