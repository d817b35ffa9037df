import Foundation
import MVIKit
import Testing

/// Effects whose asynchronous work starts, finishes, is cancelled or fails, for the lifecycle
/// events a flow observer hears.
struct Jobs: Model {
  struct State: Equatable, Sendable { var log: [String] = [] }
  enum Intent: Equatable, Sendable {
    case start(String)
    case both
    case sequence
    case search(String)
    case stopSearch
    case fail
    case done(String)
  }
  struct Broken: Error {}

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .start(let name):
      return Self.answer(name)
    case .both:
      return .merge(Self.answer("left"), Self.answer("right"))
    case .sequence:
      return .concatenate(Self.answer("first"), Self.answer("second"))
    case .search(let query):
      return .run { send in
        // Cooperative: cancellation ends the sleep at once.
        try await Task.sleep(for: .seconds(600))
        await send(.done(query))
      }
      .cancellable(id: "search", cancelInFlight: true)
    case .stopSearch:
      return .cancel(id: "search")
    case .fail:
      return .run { _ in throw Broken() }
    case .done(let name):
      state.log.append(name)
      return .none
    }
  }

  static func answer(_ name: String) -> Effect<Intent, Never> {
    .run { send in await send(.done(name)) }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct EffectLifecycleTests {
  /// Every event in order, as text: an intent, or a run's moment with its number, id and step.
  @MainActor final class Timeline {
    var lines: [String] = []
    var ended = 0

    func observer() -> FlowObserver<Jobs> {
      FlowObserver { [weak self] event in
        if case .intent(let intent) = event { self?.lines.append("intent \(intent)") }
      } effects: { [weak self] event in
        let id = event.cancellationID.map { " id \($0)" } ?? ""
        let moment: String
        switch event.moment {
        case .started: moment = "started"
        case .finished: moment = "finished"
        case .cancelled: moment = "cancelled"
        case .failed(let error): moment = "failed \(type(of: error))"
        }
        if case .started = event.moment {} else { self?.ended += 1 }
        self?.lines.append("run \(event.run) \(moment)\(id) step \(event.step)")
      }
    }

    /// Waits until `count` runs have ended.
    func waitForEnds(_ count: Int) async {
      while ended < count { await Task.yield() }
    }
  }

  func store(_ timeline: Timeline) -> Store<Jobs> {
    Store(initialState: Jobs.State(), model: Jobs(), attaching: [timeline.observer()])
  }

  @Test func aRunStartsUnderItsStepAndFinishesAfterWhatItSent() async {
    let timeline = Timeline()
    let store = store(timeline)
    await store.send(.start("a")).finish()
    await timeline.waitForEnds(1)
    #expect(
      timeline.lines == [
        "intent start(\"a\")", "run 1 started step 1", "intent done(\"a\")",
        "run 1 finished step 1",
      ])
  }

  @Test func aMergeStartsTwoRunsUnderOneStep() async {
    let timeline = Timeline()
    let store = store(timeline)
    await store.send(.both).finish()
    await timeline.waitForEnds(2)
    #expect(
      Array(timeline.lines.prefix(3)) == [
        "intent both", "run 1 started step 1", "run 2 started step 1",
      ])
    #expect(timeline.lines.contains("run 1 finished step 1"))
    #expect(timeline.lines.contains("run 2 finished step 1"))
    #expect(Set(store.log) == ["left", "right"])
  }

  @Test func aConcatenationStartsItsSecondRunOnceTheFirstFinished() async {
    let timeline = Timeline()
    let store = store(timeline)
    await store.send(.sequence).finish()
    await timeline.waitForEnds(2)
    #expect(
      timeline.lines == [
        "intent sequence", "run 1 started step 1", "intent done(\"first\")",
        "run 1 finished step 1", "run 2 started step 1", "intent done(\"second\")",
        "run 2 finished step 1",
      ])
  }

  @Test func cancelInFlightAndCancelEndRunsCancelledUnderTheirID() async {
    let timeline = Timeline()
    let store = store(timeline)
    store.send(.search("a"))
    store.send(.search("ab"))
    await timeline.waitForEnds(1)
    store.send(.stopSearch)
    await timeline.waitForEnds(2)
    #expect(
      timeline.lines == [
        "intent search(\"a\")", "run 1 started id search step 1",
        "intent search(\"ab\")", "run 2 started id search step 2",
        "run 1 cancelled id search step 1",
        "intent stopSearch", "run 2 cancelled id search step 2",
      ])
    #expect(store.log.isEmpty)
  }

  @Test func aRunThatThrowsWithNoHandlerFails() async {
    let timeline = Timeline()
    let store = store(timeline)
    store.send(.fail)
    await timeline.waitForEnds(1)
    #expect(
      timeline.lines == ["intent fail", "run 1 started step 1", "run 1 failed Broken step 1"])
  }

  @Test func stepsCountOnlyTheIntentsReportedToAttachments() async {
    let timeline = Timeline()
    let store = store(timeline)
    store.send(.done("x"))
    store.send(.done("y"))
    await store.send(.start("z")).finish()
    await timeline.waitForEnds(1)
    #expect(timeline.lines.contains("run 1 started step 3"))
  }
}

/// Which run sent an intent, as a debugging aid that hears runs reads it while it hears of the
/// intent.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct IntentRunTests {
  /// Notes each intent with the run that sent it, or nil.
  final class RunReader: StoreAttachment {
    var seen: [(intent: Jobs.Intent, run: Int?)] = []
    var ends = 0
    private var root: RootStoreHandle<Jobs>?

    func attach(to root: RootStoreHandle<Jobs>) {
      self.root = root
      _ = root.addTap(
        { [weak self] event, context in
          guard let self, case .intent(let intent) = event else { return }
          seen.append((intent, context.run))
        },
        effects: { [weak self] event in
          if case .started = event.moment {} else { self?.ends += 1 }
        })
    }
  }

  @Test func eachIntentAnEffectSentNamesItsRun() async {
    let reader = RunReader()
    let store = Store(initialState: Jobs.State(), model: Jobs(), attaching: [reader])
    await store.send(.both).finish()
    while reader.ends < 2 { await Task.yield() }
    // Two runs started by one step, in the order of the merge: "left" is run 1's.
    let runs = Dictionary(
      reader.seen.compactMap { item -> (String, Int?)? in
        guard case .done(let name) = item.intent else { return nil }
        return (name, item.run)
      }, uniquingKeysWith: { first, _ in first })
    #expect(runs == ["left": 1, "right": 2])
    // The View's intent came from no run.
    #expect(reader.seen.first?.intent == .both && reader.seen.first?.run == nil)
  }
}
