import Testing

@testable import MVIKit

/// Why a send takes the slow path: each reason is set where it arises and cleared where it
/// ends, and a store with none sends on the fast path again.
@MainActor
@Suite struct SlowPathReasonsTests {
  /// A counter: its sends change one member.
  typealias Tally = SendSiteReportTests.Tally

  @Test func anObservedMemberIsAReasonUntilItsObservationEnds() {
    let store = Store(initialState: Tally.State(), model: Tally())
    #expect(store.slowPathReasons == [])
    var seen: [Int] = []
    var observation: StoreObservation? = store.observe { seen.append($0.count) }
    #expect(store.slowPathReasons == [.membersObserved])
    store.send(.increment)
    #expect(seen == [0, 1])
    observation?.cancel()
    observation = nil
    // The member is dropped at the next send, which finds nobody watching it.
    store.send(.increment)
    #expect(store.slowPathReasons == [])
    #expect(store.needsSlowSend == false)
  }

  @Test func aTapAndAPauseAreReasonsWhileTheyLast() throws {
    let store = Store(initialState: Tally.State(), model: Tally())
    let root = try #require(RootStoreHandle(root: store))
    let tap = root.addTap { _, _ in }
    #expect(store.slowPathReasons == [.attached])
    final class Owner {}
    let owner = Owner()
    root.showPast(Tally.State(count: 7), by: owner, letGo: {})
    #expect(store.slowPathReasons == [.attached, .paused])
    root.resumeLive()
    #expect(store.slowPathReasons == [.attached])
    root.removeTap(tap)
    #expect(store.slowPathReasons == [])
  }

  /// The reasons kept always equal the ones computed afresh: here across every change.
  @Test func theKeptReasonsAreTheFreshOnes() throws {
    let store = Store(initialState: Tally.State(), model: Tally())
    let root = try #require(RootStoreHandle(root: store))
    let observation = store.observe { _ = $0.count }
    let tap = root.addTap { _, _ in }
    store.send(.increment)
    #expect(store.slowPathReasons == store.freshSlowPathReasons())
    root.removeTap(tap)
    observation.cancel()
    store.send(.increment)
    #expect(store.slowPathReasons == store.freshSlowPathReasons())
    #expect(store.slowPathReasons == [])
  }
}
