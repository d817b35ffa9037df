import MVIKit
import MVIKitTesting
import Testing

/// A model that feeds itself for ever: `.echo` sends `.echo` again. One rule bounds it in the
/// live store, the schedule explorer and the fuzzer, with the same warning naming the intent.
struct Echo: Model {
  struct State: Equatable, Hashable, Sendable {
    var echoes = 0
    var taps = 0
  }
  enum Intent: Equatable, Hashable, Sendable {
    case echo
    case tap
    case countTo(Int)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .echo:
      state.echoes += 1
      return .send(.echo)
    case .tap:
      state.taps += 1
      return .none
    case .countTo(let left):
      state.echoes += 1
      // Two at a time through the queue, not one `.send` chain.
      return left > 0 ? .merge(.send(.countTo(left - 1)), .none) : .none
    }
  }
}

@MainActor
@Suite struct FeedbackLimitTests {
  @Test func aRunawayFeedbackLoopStopsAtTheLimitWithAWarningNamingTheIntent() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Echo.State(), model: Echo(), attaching: [warnings.observer(of: Echo.self)])
    store.send(.echo)
    // The one sent from outside, then as many fed back as the limit allows.
    #expect(store.echoes == 10_001)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.hasPrefix("echo was fed back as intent 10001 of one send") == true)
    #expect(warnings.all.first?.contains("limit of 10,000") == true)
    // The store goes on: the next send is reduced, and starts a count of its own.
    store.send(.tap)
    #expect(store.taps == 1)
    store.send(.echo)
    #expect(store.echoes == 20_002)
    #expect(warnings.all.count == 2)
  }

  @Test func theFastPathIsBoundedToo() {
    // No attachment: the send reduces on the fast path, whose `.send` chain skips the queue.
    let store = Store(initialState: Echo.State(), model: Echo())
    store.send(.echo)
    #expect(store.echoes == 10_001)
  }

  @Test func feedbackThroughTheQueueUpToTheLimitIsKept() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Echo.State(), model: Echo(), attaching: [warnings.observer(of: Echo.self)])
    store.send(.countTo(10_000))
    #expect(store.echoes == 10_001)
    #expect(warnings.all.isEmpty)
  }

  @Test func theFuzzerReportsTheSameRunaway() {
    var report: IntentFuzzer<Echo>.Report?
    withKnownIssue {
      report = IntentFuzzer(model: Echo(), initialState: Echo.State()) { _ in
        .echo
      } invariant: {
        _ in
        nil
      }
      .run(steps: 3, seed: 7)
    } matching: { issue in
      issue.description.contains("echo was fed back as intent 10001 of one send")
    }
    #expect(report?.violation?.contains("limit of 10,000") == true)
    #expect(report?.steps == 10_001)
  }

  @Test func theExplorerReportsTheSameRunaway() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Echo(), initialState: Echo.State()).explore([.echo])
    } matching: { issue in
      issue.description.contains("echo was fed back as intent 10001 of one send")
    }
    #expect(report?.failure?.kind == .misuse)
    #expect(report?.failure?.message.contains("limit of 10,000") == true)
  }
}
