import Foundation

/// The results as a Markdown table, ready to paste into the README.
struct ResultsTable {
  static let runs = 5
  var rows: [Row]

  var markdown: String {
    var lines = [
      "| case | MVIKit | floor | floor value | ratio | ratio min–max | allocs/op | target | met |",
      "|---|---:|---|---:|---:|---:|---:|---|---|",
    ]
    for row in rows {
      let ratio = row.floorNanoseconds > 0 ? String(format: "%.2f×", row.ratio) : "—"
      let floor = row.floorNanoseconds > 0 ? format(row.floorNanoseconds) : "—"
      let range =
        row.ratioRange.map { String(format: "%.2f–%.2f×", $0.lowerBound, $0.upperBound) } ?? "—"
      let met = row.met.map { $0 ? "yes" : "**no**" } ?? "—"
      let value = format(row.nanoseconds) + (row.note.isEmpty ? "" : " (\(row.note))")
      lines.append(
        "| \(row.name) | \(value) | \(row.floorName) | \(floor) | \(ratio) | \(range) | "
          + String(format: "%.2f", row.allocations) + " | \(row.target) | \(met) |")
    }
    lines.append(
      "\nTimes in ns per operation, the best of \(ResultsTable.runs) runs; \"ratio min–max\" pairs "
        + "each run with the floor's run of the same index, and a target is met only when every "
        + "run meets it.")
    return (lines + instructionLines).joined(separator: "\n")
  }

  /// Under callgrind (`make bench-instructions`): the instructions of each case that has them.
  private var instructionLines: [String] {
    let counted = rows.compactMap { row in row.instructions.map { (row, $0) } }
    guard !counted.isEmpty else { return [] }
    var lines = [
      "\n| case | instructions/op | floor | floor instructions/op | ratio |",
      "|---|---:|---|---:|---:|",
    ]
    for (row, count) in counted {
      lines.append(
        "| \(row.name) | " + String(format: "%.1f", count.subject) + " | \(row.floorName) | "
          + String(format: "%.1f", count.floor) + " | "
          + String(format: "%.2f×", count.subject / count.floor) + " |")
    }
    lines.append(
      "\nInstructions per operation counted by callgrind, the fewest of \(ResultsTable.runs) "
        + "runs; the times above are slowed by callgrind and say nothing.")
    return lines
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }
}
