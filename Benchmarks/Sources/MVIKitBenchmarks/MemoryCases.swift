import MVIKit
import MallocCounter

@MainActor
enum MemoryCases {
  /// Heap bytes that one more root store costs, and one more store scoped from a root.
  static func perStoreOverhead() -> [Row] {
    let count = 10_000
    // One of each first, outside the count: the run-time metadata that the first store and
    // the first scope instantiate is made once per process, not per store.
    blackHole(Store(initialState: Nest.State(), model: Nest()).scope(Nest.inner))
    var before = heapBytes()
    var stores: [Store<Nest>] = []
    stores.reserveCapacity(count)
    for _ in 0..<count { stores.append(Store(initialState: Nest.State(), model: Nest())) }
    let perRoot = Double(heapBytes() - before) / Double(count)
    var scoped: [Store<Nest>] = []
    scoped.reserveCapacity(count)
    before = heapBytes()
    for store in stores { scoped.append(store.scope(Nest.inner)) }
    let perScoped = Double(heapBytes() - before) / Double(count)
    blackHole(stores)
    blackHole(scoped)
    return [
      Row(
        name: "7a. heap bytes per root store", nanoseconds: perRoot, floorName: "—",
        floorNanoseconds: 0, allocations: 0, target: "≤ 256 bytes", met: perRoot <= 256),
      Row(
        name: "7a. heap bytes per scoped store", nanoseconds: perScoped, floorName: "—",
        floorNanoseconds: 0, allocations: 0, target: "≤ 256 bytes", met: perScoped <= 256),
    ]
  }

  /// Resident memory after 1 M and after 10 M intents must be the same.
  static func noGrowth() -> Row {
    let store = Store(initialState: Ledger.State(items: 1_000), model: Ledger())
    let allocationsBefore = mvikit_malloc_count()
    for index in 0..<1_000_000 { store.send(.setItem(index % 1_000, index)) }
    let afterOne = residentBytes()
    for index in 0..<9_000_000 { store.send(.setItem(index % 1_000, index)) }
    let afterTen = residentBytes()
    let allocations = mvikit_malloc_count() - allocationsBefore
    let growth = afterTen - afterOne
    // Resident memory moves by a few pages for reasons outside the store (the allocator, the
    // code pages touched); a leak would show as allocations and as growth with the count.
    return Row(
      name: "7b. resident growth 1 M → 10 M intents (KiB)", nanoseconds: Double(growth) / 1024,
      floorName: "—", floorNanoseconds: 0, allocations: Double(allocations) / 10_000_000,
      target: "no growth: no allocations, < 1% RSS",
      met: allocations < 100 && Double(growth) < Double(afterOne) * 0.01,
      note: "\(afterOne / 1024) → \(afterTen / 1024) KiB, \(allocations) allocations in all")
  }
}
