import MVIKit
import Testing

/// Where a View sent its intent from reaches every tap of its store, whatever a tap before
/// it does.
@MainActor
@Suite struct SendSiteReportTests {
  /// A counter with a tap, so that its sends report their sites too.
  struct Tally: Model {
    struct State: Equatable, Sendable { var count = 0 }
    enum Intent: Equatable, Sendable { case increment }
    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      state.count += 1
      return .none
    }
  }

  @Test func aTapThatSendsToAnotherObservedStoreLeavesTheSiteForTheTapsAfterIt() throws {
    let other = Store(initialState: Tally.State(), model: Tally())
    let otherRoot = try #require(RootStoreHandle(root: other))
    var otherSites: [SendSite] = []
    _ = otherRoot.addTap { event, context in
      if case .intent = event { otherSites.append(context.site) }
    }
    let store = Store(initialState: Tally.State(), model: Tally())
    let root = try #require(RootStoreHandle(root: store))
    var sites: [SendSite] = []
    _ = root.addTap { event, _ in
      if case .intent = event { other.send(.increment) }
    }
    var contexts: [FlowContext] = []
    _ = root.addTap { event, context in
      if case .intent = event { sites.append(context.site) }
      contexts.append(context)
    }
    let line = #line + 1
    store.send(.increment)
    #expect(sites == [SendSite(fileID: #fileID, line: UInt(line))])
    #expect(other.count == 1)
    #expect(otherSites.count == 1)
    #expect(otherSites.first?.isKnown == true)
    // The state change the intent made comes with the intent's context; nothing else does.
    #expect(contexts.map(\.site) == [sites[0], sites[0]])
    #expect(contexts.map(\.origin) == [.view, .view])
  }
}
