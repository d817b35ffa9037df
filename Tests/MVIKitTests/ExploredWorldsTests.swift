import Testing

@testable import MVIKitTesting

/// The explorer's pruning table: a world explored once is known after, however much the table
/// grew since, and past its limit it keeps no more.
@Suite struct ExploredWorldsTests {
  private func world(_ number: Int, sent: Int = 0) -> WorldFingerprint {
    var hasher = FingerprintHasher()
    hasher.combine(number)
    hasher.combine(sent)
    return hasher.finalize()
  }

  /// The worlds of `numbers` the table says it explored before.
  private func known(_ numbers: Range<Int>, in table: inout ExploredWorlds) -> [Int] {
    numbers.filter { table.wasExplored(world($0)) }
  }

  @Test func aWorldIsKnownOnceExploredThroughEveryGrowth() {
    var table = ExploredWorlds(limit: 10_000)
    // Far past the table's first size: it grows several times in between.
    #expect(known(0..<5_000, in: &table) == [])
    #expect(table.count == 5_000)
    #expect(known(0..<5_000, in: &table) == Array(0..<5_000))
    // The same state with other intents left to send is another world.
    let isKnown = table.wasExplored(world(7, sent: 1))
    #expect(!isKnown)
    #expect(table.count == 5_001)
  }

  @Test func pastItsLimitTheTableKeepsNoMoreAndForgetsNone() {
    var table = ExploredWorlds(limit: 100)
    #expect(known(0..<300, in: &table) == [])
    #expect(table.count == 100)
    #expect(known(0..<300, in: &table) == Array(0..<100))
  }

  /// Pending jobs count whatever order they started in; how far each got counts.
  @Test func pendingJobsAddUpInAnyOrderAndTheirProgressCounts() {
    let search = world(1)
    let answer = world(2)
    let searchThenAnswer =
      WorldFingerprint.pendingJob(content: search, left: 1, isOpen: true)
      &+ .pendingJob(content: answer, left: 2, isOpen: true)
    let answerThenSearch =
      WorldFingerprint.pendingJob(content: answer, left: 2, isOpen: true)
      &+ .pendingJob(content: search, left: 1, isOpen: true)
    #expect(searchThenAnswer == answerThenSearch)
    let swapped =
      WorldFingerprint.pendingJob(content: search, left: 2, isOpen: true)
      &+ .pendingJob(content: answer, left: 1, isOpen: true)
    #expect(searchThenAnswer != swapped)
    let waiting =
      WorldFingerprint.pendingJob(content: search, left: 1, isOpen: false)
      &+ .pendingJob(content: answer, left: 2, isOpen: true)
    #expect(searchThenAnswer != waiting)
  }

  /// The empty slot's mark is no world's fingerprint, and the halves are hashed apart.
  @Test func aFingerprintIsNeverTheEmptySlotAndItsHalvesDiffer() {
    let fingerprints = (0..<1_000).map { world($0) }
    #expect(!fingerprints.contains(.none))
    #expect(fingerprints.allSatisfy { $0.high != $0.low })
    #expect(Set(fingerprints.map(\.high)).count == 1_000)
  }
}
