import Foundation
import MallocCounter

/// Instructions per operation, counted by callgrind when the benchmark runs under it
/// (`make bench-instructions`).
///
/// Unlike a time, a count moves neither with what the machine's other core does nor with where
/// the linker placed the code: two builds of the same code measured a few ns apart here when
/// one function merely started at another address. So a change to a send a few ns long is
/// judged on its count, and its time says what the count costs.
@MainActor
enum InstructionCount {
  static let isCounting = mvikit_under_callgrind() != 0
  /// Where callgrind writes its dumps (`--callgrind-out-file`): the n-th goes to `path.n`.
  private static let dumpPath = ProcessInfo.processInfo.environment["MVIKIT_BENCH_CALLGRIND_OUT"]
  private static var dumps = 0

  /// Starts counting a run, under callgrind: the number of the dump that ``end(_:)`` writes.
  static func begin() -> Int? {
    guard isCounting, dumpPath != nil else { return nil }
    dumps += 1
    mvikit_instructions_begin()
    return dumps
  }

  static func end(_ dump: Int?) {
    guard let dump else { return }
    mvikit_instructions_end("run \(dump)")
  }

  /// Instructions per operation of a run counted before: read after the run's allocations are
  /// counted, as reading the dump allocates.
  static func perOperation(_ dump: Int?, _ operations: Int) -> Double? {
    guard let dump, let dumpPath else { return nil }
    return instructions(inDump: "\(dumpPath).\(dump)").map { Double($0) / Double(operations) }
  }

  /// The instructions a dump counted: its `summary:` line (`totals:` in older versions).
  private static func instructions(inDump path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n")
    where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
      return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
    return nil
  }
}
