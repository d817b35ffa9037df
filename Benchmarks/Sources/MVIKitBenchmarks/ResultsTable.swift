import Foundation

/// The results as a Markdown table, ready to paste into the README.
struct ResultsTable {
  var rows: [Row]

  var markdown: String {
    var lines = [
      "| case | MVIKit | floor | floor value | ratio | allocs/op | target | met |",
      "|---|---:|---|---:|---:|---:|---|---|",
    ]
    for row in rows {
      let ratio = row.floorNanoseconds > 0 ? String(format: "%.2f×", row.ratio) : "—"
      let floor = row.floorNanoseconds > 0 ? format(row.floorNanoseconds) : "—"
      let met = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
      let value = format(row.nanoseconds) + (row.note.isEmpty ? "" : " (\(row.note))")
      lines.append(
        "| \(row.name) | \(value) | \(row.floorName) | \(floor) | \(ratio) | "
          + String(format: "%.2f", row.allocations) + " | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }
}
