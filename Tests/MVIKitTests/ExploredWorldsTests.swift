import Testing

@testable import MVIKitTesting

/// The explorer's pruning table: a world explored once is known after, however much the table
/// grew since, and past its limit it keeps no more.
@Suite struct ExploredWorldsTests {
  private func world(_ number: Int, sent: Int = 0) -> WorldSignature {
    WorldSignature(state: AnyHashable(number), sentIntents: sent, now: .zero, jobs: [])
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
}
