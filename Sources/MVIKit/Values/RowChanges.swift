/// What changed in a ``Rows`` collection, as a short log of versions: which rows changed since
/// version *v*, or that the set or order of rows did (then everything counts as changed).
package struct RowChanges<ID: Hashable & Sendable>: Sendable {
  package private(set) var version = 0
  /// The version of the last insert, removal or move.
  package private(set) var structureVersion = 0
  /// The oldest version the log still answers for.
  private var logStart = 0
  private var log: [(version: Int, id: ID)] = []

  mutating func record(_ id: ID) {
    version += 1
    // Kept short: a reader that fell behind the log treats every row as changed.
    if log.count >= 64 {
      log.removeFirst(32)
      logStart = log.first.map { $0.version - 1 } ?? version - 1
    }
    log.append((version, id))
  }

  mutating func recordStructure() {
    version += 1
    structureVersion = version
  }

  /// Calls `body` once with each id of a row changed after `seen`, allocating nothing; false
  /// when rows were added, removed or moved since, or the log no longer reaches back that far.
  package func forEachChanged(since seen: Int, _ body: (ID) -> Void) -> Bool {
    guard structureVersion <= seen, logStart <= seen else { return false }
    var first = log.count
    while first > 0, log[first - 1].version > seen { first -= 1 }
    for current in first..<log.count
    where !(first..<current).contains(where: { log[$0].id == log[current].id }) {
      body(log[current].id)
    }
    return true
  }
}
