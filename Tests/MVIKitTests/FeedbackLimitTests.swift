import MVIKit
import MVIKitTesting
import Testing

/// A model that feeds itself: `.echo` sends `.echo` again for ever; `.chain(n)` sends itself
/// until `n` runs out, a long chain that ends. The live store completes every chain that ends
/// and says, once per send, that a long one is probably a loop; the schedule explorer and the
/// fuzzer, which must end, fail the schedule at the same bound with the same naming text.
struct Echo: Model {
  struct State: Equatable, Hashable, Sendable {
    var echoes = 0
    var taps = 0
  }
  enum Intent: Equatable, Hashable, Sendable {
    case echo
    case tap
    case chain(Int)
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
    case .chain(let left):
      state.echoes += 1
      return left > 0 ? .send(.chain(left - 1)) : .none
    case .countTo(let left):
      state.echoes += 1
      // Two at a time through the queue, not one `.send` chain.
      return left > 0 ? .merge(.send(.countTo(left - 1)), .none) : .none
    }
  }
}

@MainActor
@Suite struct FeedbackLimitTests {
  @Test func aChainOfAHundredThousandCompletesWithOneWarningThatTheStoreGoesOn() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Echo.State(), model: Echo(), attaching: [warnings.observer(of: Echo.self)])
    store.send(.chain(100_000))
    // The one sent from outside and every one it fed back: nothing is cut.
    #expect(store.echoes == 100_001)
    #expect(warnings.all.count == 1)
    let warning = warnings.all.first ?? ""
    #expect(warning.hasPrefix("chain(89999) was fed back as intent 10,001 of one send"))
    #expect(warning.contains("probably a loop"))
    #expect(warning.contains("The store goes on reducing"))
    // Each send has a count of its own: the next long one is reported again, once.
    store.send(.chain(20_000))
    #expect(store.echoes == 120_002)
    #expect(warnings.all.count == 2)
  }

  @Test func aChainOfAMillionCompletesAtConstantStackDepth() {
    // No attachment: the send reduces on the fast path, whose `.send` chain skips the queue.
    let model = Relay()
    let store = Store(initialState: Relay.State(), model: model)
    let task = store.send(.walk(1_000_000))
    #expect(store.remaining == 0)
    #expect(!task.hasWork)
    let range = model.stack.withLock { $0 }
    // Recursion would use at least a million frames; a loop reuses the same one or two.
    #expect((range?.count ?? .max) < 4_096)
  }

  @Test func feedbackThroughTheQueuePastTheLimitIsKept() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Echo.State(), model: Echo(), attaching: [warnings.observer(of: Echo.self)])
    store.send(.countTo(100_000))
    #expect(store.echoes == 100_001)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("countTo(") == true)
  }

  @Test func aChainUpToTheLimitIsNotReported() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Echo.State(), model: Echo(), attaching: [warnings.observer(of: Echo.self)])
    store.send(.chain(10_000))
    #expect(store.echoes == 10_001)
    #expect(warnings.all.isEmpty)
  }

  @Test func theFuzzerStopsAProbableLoopAndFailsTheSequence() {
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
      issue.description.contains("echo was fed back as intent 10,001 of one send")
    }
    #expect(report?.violation?.contains("probably a loop") == true)
    #expect(report?.violation?.contains("stops this schedule here") == true)
    #expect(report?.steps == 10_001)
  }

  @Test func theExplorerStopsAProbableLoopAndFailsTheSchedule() async {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Echo(), initialState: Echo.State()).explore([.echo])
    } matching: { issue in
      issue.description.contains("echo was fed back as intent 10,001 of one send")
    }
    #expect(report?.failure?.kind == .misuse)
    #expect(report?.failure?.message.contains("probably a loop") == true)
  }
}
