/// What changed in a ``Rows`` collection, as a short log of versions: which rows changed since
/// version *v*, or that the set or order of rows did (then everything counts as changed).
struct RowChanges<ID: Hashable & Sendable>: Sendable {
  private(set) var version = 0
  /// The version of the last insert, removal or move.
  private(set) var structureVersion = 0
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

  /// The ids of the rows changed after `seen`, or nil when rows were added, removed or moved
  /// since, or the log no longer reaches back that far.
  func changedIDs(since seen: Int) -> [ID]? {
    guard structureVersion <= seen, logStart <= seen else { return nil }
    var ids: [ID] = []
    for entry in log.reversed() {
      guard entry.version > seen else { break }
      ids.append(entry.id)
    }
    return ids
  }
}
