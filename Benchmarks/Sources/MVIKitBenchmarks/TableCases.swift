import MVIKitTerminal

/// A table of 1,000 rows × 6 columns on a 100×50 screen (case 8e).
@MainActor
enum TableCases {
  struct Row6 {
    var id: Int
    var name: String
    var city: String
    var country: String
    var amount: Int
    var status: String
  }

  static func tableFrame() -> Row {
    let rows = (0..<1_000).map {
      Row6(
        id: $0, name: "Customer \($0)", city: ["Lyon", "Osaka", "Quito"][$0 % 3],
        country: ["France", "Japan", "Ecuador"][$0 % 3], amount: $0 * 37 % 10_000,
        status: $0.isMultiple(of: 7) ? "overdue" : "paid")
    }
    let columns: [Table<Row6>.Column] = [
      .init("#", width: .fixed(5), alignment: .trailing) { String($0.id) },
      .init("Name") { $0.name },
      .init("City", width: .fixed(10)) { $0.city },
      .init("Country", width: .fixed(10)) { $0.country },
      .init("Amount", width: .fixed(8), alignment: .trailing) { String($0.amount) },
      .init("Status", width: .fixed(8)) { $0.status },
    ]
    let n = 200
    let table = HeadlessTerminal(size: Size(width: 100, height: 50)) {
      Table(rows, columns: columns, selection: 500, onSelect: { _ in })
    }
    let list = HeadlessTerminal(size: Size(width: 100, height: 50)) {
      List(rows, selection: 500, onSelect: { _ in }) { row, _ in Text(row.name) }
    }
    let mvikit = measure(n) { n in
      for _ in 0..<n { blackHole(table.grid) }
    }
    let floor = measure(n) { n in
      for _ in 0..<n { blackHole(list.grid) }
    }
    return Row(
      name: "8e. terminal time: view → grid, 1,000 × 6 table", nanoseconds: mvikit.ns,
      floorName: "the same rows in a 1-column List", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "well under 16 ms", met: mvikit.ns < 1_600_000)
  }
}
