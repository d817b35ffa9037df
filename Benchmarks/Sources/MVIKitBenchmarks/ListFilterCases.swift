import MVIKitTerminal

/// A 1,000-item list on a 100×50 screen with a filter typed in, which matches every item
/// again each frame (case 8f).
@MainActor
enum ListFilterCases {
  static func filteredFrame() -> Row {
    let items = (0..<1_000).map { "Customer \($0) — Café Zoë, Ōsaka" }
    let n = 200
    func terminal() -> HeadlessTerminal {
      HeadlessTerminal(size: Size(width: 100, height: 50)) {
        List(items, selection: 500, onSelect: { _ in }, filterText: { $0 }) { item, _ in
          Text(item)
        }
      }
    }
    let filtered = terminal()
    // Accented text against a plain query: the match folds case and accents for every item.
    filtered.press("/")
    filtered.type("7 cafe zoe")
    precondition(filtered.grid.contains("271/1000"), "8f: the filter should match 271 items")
    let plain = terminal()
    let mvikit = measure(n) { n in
      for _ in 0..<n { blackHole(filtered.grid) }
    }
    let floor = measure(n) { n in
      for _ in 0..<n { blackHole(plain.grid) }
    }
    return Row(
      name: "8f. terminal time: view → grid, 1,000-item list with a filter typed",
      nanoseconds: mvikit.ns, floorName: "the same list, no filter", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "well under 16 ms", met: mvikit.ns < 1_600_000)
  }
}
