import Foundation
import MVIKit
import MVIKitInspector

/// What the live inspector costs the app (case 14): the main actor's share of a send with a
/// page connected, how long 10,000 steps take to reach the page, and the memory the kept
/// steps take.
@MainActor
enum InspectorCases {
  static func all() async -> [Row] {
    let n = 10_000
    // The floor is the store's observed path, which any debugging aid takes (an empty flow
    // observer): what is left over is the inspector's own capture and enqueue.
    let observed = Store(
      initialState: Sheet.State(), model: Sheet(), attaching: [FlowObserver { _ in }])
    var floorCPU = Double.infinity
    let floor = measure(n) { n in
      let before = threadCPUNanoseconds()
      for index in 0..<n { observed.send(.set(index % 100, index)) }
      floorCPU = min(floorCPU, (threadCPUNanoseconds() - before) / Double(n))
    }
    let store = Store(initialState: Sheet.State(), model: Sheet())
    let heapBefore = heapBytes()
    guard
      let inspector = try? await Inspector.attach(to: store, limit: n, announce: false),
      let page = PageSocket(inspector: inspector.url)
    else { return [failed("14. inspector", "the inspector or its page could not start")] }
    // The page is greeted before the timed sends start.
    await page.waitFor("\"type\":\"status\"")
    var step = 0
    // One burst of n sends per repeat, timed in the main thread's own CPU time: its share only.
    // The feed task encodes and sends meanwhile on the other core, and on two cores the
    // scheduler may take the main thread off its core; wall time counts that too.
    var cpu = Double.infinity
    let inspected = measure(n, repeats: 5) { n in
      let before = threadCPUNanoseconds()
      for index in 0..<n { store.send(.set(index % 100, index)) }
      cpu = min(cpu, (threadCPUNanoseconds() - before) / Double(n))
      step += n
    }
    // Every step has reached the page once the last one's number has.
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<n { store.send(.set(index % 100, index)) }
    step += n
    await page.waitFor("\"step\":\(step),")
    let streamed = nanoseconds(clock.now - start)
    let heapKept = heapBytes() - heapBefore
    await inspector.stop()
    blackHole(page.bytesRead)
    return [
      Row(
        name: "14a. inspected send, a page connected (main thread CPU)", nanoseconds: cpu,
        floorName: "observed send (empty flow observer)", floorNanoseconds: floorCPU,
        allocations: inspected.allocs, target: "≤ 1,000 ns of main-thread CPU, floor included",
        met: cpu <= 1_000,
        note:
          "wall \(Int(inspected.ns)) ns, floor's \(Int(floor.ns)) ns; allocs/op counts the feed's encoding too"
      ),
      Row(
        name: "14b. 10,000 steps until the page's socket has the last (ms)",
        nanoseconds: streamed / 1e6, floorName: "one 16 ms frame", floorNanoseconds: 16,
        allocations: 0, target: "report", met: nil,
        note: "time to render them in Chromium: make e2e"),
      Row(
        name: "14c. heap bytes per kept step (10,000 kept)",
        nanoseconds: Double(heapKept) / Double(n), floorName: "—", floorNanoseconds: 0,
        allocations: 0, target: "bounded: \(n) steps", met: nil),
    ]
  }

  /// The floor of 14a on its own (14o): a send with an empty flow observer attached, the
  /// observed path every debugging aid takes, beside the same send to a plain store. Counted
  /// by `make bench-instructions`, which cannot count 14a: valgrind stops at the first thread
  /// the inspector starts.
  static func observedSend() -> Row {
    let n = 100_000
    let plain = Store(initialState: Sheet.State(), model: Sheet())
    let floor = measure(n) { n in
      for index in 0..<n { viewSend(plain, .set(index % 100, index)) }
    }
    let observed = Store(
      initialState: Sheet.State(), model: Sheet(), attaching: [FlowObserver { _ in }])
    let subject = measure(n) { n in
      for index in 0..<n { viewSend(observed, .set(index % 100, index)) }
    }
    blackHole((plain.edits, observed.edits))
    var row = Row(
      "14o. observed send (an empty flow observer), 100-cell state", subject,
      floor: "the same send, nothing attached", floor, within: .infinity, target: "report")
    row.met = nil
    return row
  }

  private static func failed(_ name: String, _ reason: String) -> Row {
    Row(
      name: name, nanoseconds: 0, floorName: reason, floorNanoseconds: 0, allocations: 0,
      target: "report", met: false)
  }
}
