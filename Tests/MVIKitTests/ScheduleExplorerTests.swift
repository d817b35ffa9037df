import Clocks
import MVIKit
import MVIKitTesting
import Testing

@MainActor
struct ScheduleExplorerTests {
  static func search(fixed: Bool) -> ScheduleExplorer<SearchField> {
    ScheduleExplorer(
      model: SearchField(search: { ["results for \($0)"] }, cancelsStaleRequests: fixed),
      initialState: SearchField.State())
  }

  /// Explores `buggy`, whose failure is a known issue, and `fixed`, which must pass every
  /// schedule; returns the buggy model's report for the caller to check its failure.
  static func exploreBugAndFix<M: Model>(
    _ scenario: [M.Intent], buggy: M, fixed: M, from initialState: M.State,
    invariant: @escaping (M.State) -> String? = { _ in nil },
    finally check: @escaping (M.State) -> String? = { _ in nil },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> ExplorationReport? {
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: buggy, initialState: initialState)
        .explore(scenario, invariant: invariant, finally: check)
    }
    let fixedReport = await ScheduleExplorer(model: fixed, initialState: initialState)
      .explore(scenario, invariant: invariant, finally: check)
    #expect(fixedReport.failure == nil, sourceLocation: sourceLocation)
    return report
  }

  static func showsItsQuery(_ state: SearchField.State) -> String? {
    state.results == ["results for \(state.query)"]
      ? nil : "shows \(state.results) for the query \"\(state.query)\""
  }

  @Test func aStaleSearchResponseThatOverwritesANewerOneIsFound() async {
    let scenario: [SearchField.Intent] = [.queryChanged("a"), .queryChanged("ab")]
    var report: ExplorationReport?
    await withKnownIssue {
      report = await Self.search(fixed: false).explore(scenario, finally: Self.showsItsQuery)
    }
    let failure = report?.failure
    #expect(failure?.schedule == "u u e1 e0")
    #expect(
      failure?.steps.map(\.label) == [
        "user: queryChanged(\"a\")", "user: queryChanged(\"ab\")",
        "effect of queryChanged(\"ab\"): resultsLoaded([\"results for ab\"])",
        "effect of queryChanged(\"a\"): resultsLoaded([\"results for a\"])",
      ])
    #expect(
      failure?.message == "Final check failed: shows [\"results for a\"] for the query \"ab\"")
  }

  @Test func cancellingTheStaleSearchPassesEverySchedule() async {
    let scenario: [SearchField.Intent] = [.queryChanged("a"), .queryChanged("ab")]
    let report = await Self.search(fixed: true).explore(scenario, finally: Self.showsItsQuery)
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
    // u then e0 then u then e1, or u u then e1 (the first request was cancelled).
    #expect(report.schedules == 2)
  }

  @Test func aScheduleFromAReportReplaysTheFailure() async {
    let scenario: [SearchField.Intent] = [.queryChanged("a"), .queryChanged("ab")]
    var report: ExplorationReport?
    await withKnownIssue {
      report = await Self.search(fixed: false).replay(
        scenario, schedule: "u u e1 e0", finally: Self.showsItsQuery)
    }
    #expect(report?.failure?.schedule == "u u e1 e0")
    let inOrder = await Self.search(fixed: false).replay(
      scenario, schedule: "u e0 u e1", finally: Self.showsItsQuery)
    #expect(inOrder.failure == nil)
  }

  @Test func aScheduleThatDoesNotFitTheScenarioIsReportedClearly() async {
    let scenario: [SearchField.Intent] = [.queryChanged("a"), .queryChanged("ab")]
    // With the fix, the second query cancels the first request: its delivery cannot come.
    await withKnownIssue {
      await Self.search(fixed: true).replay(scenario, schedule: "u u e1 e0")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains(
          "Step 4 of the schedule, \"e0\", is not possible there; the open choices are: none.")
      }
    }
  }

  @Test func aLostUpdateFromStateCapturedByTwoEffectsIsFound() async {
    let scenario: [LikeCounter.Intent] = [.likeTapped, .likeTapped]
    let twoLikes = { (state: LikeCounter.State) in
      state.likes == 2 ? nil : "\(state.likes) likes after two taps"
    }
    let report = await Self.exploreBugAndFix(
      scenario, buggy: LikeCounter(), fixed: LikeCounter(sendsTheChange: true),
      from: .init(), finally: twoLikes)
    #expect(report?.failure?.schedule == "u u e0 e1")
  }

  @Test func aSecondSubmitWhileTheFirstRunsIsFound() async {
    let scenario: [CheckoutForm.Intent] = [.submitTapped, .submitTapped]
    let oneOrder = { (state: CheckoutForm.State) in
      state.orders.count <= 1 ? nil : "\(state.orders.count) orders placed"
    }
    let report = await Self.exploreBugAndFix(
      scenario, buggy: CheckoutForm(placeOrder: { 7 }),
      fixed: CheckoutForm(placeOrder: { 7 }, ignoresTapsWhileSubmitting: true),
      from: .init(), invariant: oneOrder)
    #expect(report?.failure?.schedule == "u u e0 e1")
    #expect(report?.failure?.message == "Invariant failed: 2 orders placed")
  }

  @Test func aLateFailureThatRollsBackANewerToggleIsFound() async {
    let scenario: [SettingSwitch.Intent] = [.toggled, .toggled, .toggled]
    // The first save is rejected; the others succeed.
    let save: @Sendable (Bool, Int) async throws -> Void = { _, attempt in
      if attempt == 1 { throw SettingSwitch.SaveRejected() }
    }
    let showsTheLastChoice = { (state: SettingSwitch.State) in
      state.isOn == state.lastChoice
        ? nil : "shows \(state.isOn), the user chose \(state.lastChoice)"
    }
    let report = await Self.exploreBugAndFix(
      scenario, buggy: SettingSwitch(save: save),
      fixed: SettingSwitch(save: save, cancelsStaleSaves: true), from: .init(),
      finally: showsTheLastChoice)
    #expect(report?.failure?.schedule == "u u u e0")
  }

  @Test func aPageAppendedTwiceIsFound() async {
    let scenario: [PagedFeed.Intent] = [.scrolledToBottom, .scrolledToBottom]
    let load: @Sendable (Int) async -> [Int] = { page in (1...3).map { page * 10 + $0 } }
    let eachItemOnce = { (state: PagedFeed.State) in
      Set(state.items).count == state.items.count ? nil : "an item shows twice: \(state.items)"
    }
    let report = await Self.exploreBugAndFix(
      scenario, buggy: PagedFeed(load: load),
      fixed: PagedFeed(load: load, waitsForThePageLoading: true), from: .init(),
      invariant: eachItemOnce)
    #expect(report?.failure?.schedule == "u u e0 e1")
  }

  @Test func pruningExploresEachDistinctStateOnceAndFindsTheSameBugs() async {
    let scenario: [SearchField.Intent] = [
      .queryChanged("a"), .queryChanged("ab"), .queryChanged("abc"),
    ]
    let explorer = Self.search(fixed: false)
    let everySchedule = await explorer.explore(scenario, pruning: false)
    let pruned = await explorer.explore(scenario)
    // Three keystrokes in order, each request answered after its own keystroke: 15 orders.
    #expect(everySchedule.schedules == 15)
    #expect(everySchedule.pruned == 0)
    #expect(pruned.schedules < 15)
    #expect(pruned.pruned > 0)
    var found: ExplorationReport?
    await withKnownIssue {
      found = await explorer.explore(scenario, finally: Self.showsItsQuery)
    }
    #expect(found?.failure?.steps.count == 6)
  }

  @Test func pastTheLimitSchedulesAreSampledFromTheSeed() async {
    let scenario: [SearchField.Intent] = [
      .queryChanged("a"), .queryChanged("ab"), .queryChanged("abc"),
    ]
    let report = await Self.search(fixed: true).explore(
      scenario, limit: 2, samples: 50, seed: 7, pruning: false)
    #expect(!report.isExhaustive)
    #expect(report.schedules == 2)
    #expect(report.sampled == 50)
    #expect(report.failure == nil)
  }

  @Test func anErrorNoCatchHandlerTakesIsAFailure() async {
    struct Broken: Model {
      struct State: Hashable, Sendable { var tapped = false }
      enum Intent: Equatable, Sendable { case tapped }
      struct Offline: Error {}
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        state.tapped = true
        return .run { _ in throw Offline() }
      }
    }
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Broken(), initialState: .init()).explore([.tapped])
    }
    #expect(
      report?.failure?.message
        == "The store would report: An effect of tapped threw an error that no catch: handler "
        + "handled: Offline()")
    #expect(report?.failure?.kind == .effectError)
    #expect(report?.description.hasPrefix("Effect error found in 1 schedule") == true)
  }

  @Test func effectsSleepingOnTheExplorationClockAreDeliveredInDeadlineOrder() async {
    let fastFirst = { (state: Timers.State) in
      state.fired == ["fast", "slow"] ? nil : "fired \(state.fired)"
    }
    let timed = await ScheduleExplorer(
      model: Timers(clock: ExplorationClock()), initialState: .init()
    )
    .explore([.started], finally: fastFirst)
    #expect(timed.failure == nil)
    #expect(timed.schedules == 1)
    // On a clock the explorer cannot see, either timer may fire first.
    var untimed: ExplorationReport?
    await withKnownIssue {
      untimed = await ScheduleExplorer(
        model: Timers(clock: ImmediateClock()), initialState: .init()
      )
      .explore([.started], finally: fastFirst)
    }
    #expect(untimed?.failure?.schedule == "u e0 e1")
  }

  @Test func aDebouncedSearchShowsTheLastQueryInEveryOrder() async {
    let report = await ScheduleExplorer(
      model: SearchField(search: { ["results for \($0)"] }, debounceClock: ExplorationClock()),
      initialState: .init()
    )
    .explore([.queryChanged("a"), .queryChanged("ab")], finally: Self.showsItsQuery)
    #expect(report.failure == nil)
    // "ab" is typed before the pause after "a" ends; or after it, while the search for "a"
    // runs (which "ab" cancels); or after that search has answered.
    #expect(report.schedules == 3)
  }

  /// The explorer runs work on its own thread until the work waits on something else: work
  /// that calls an actor and sleeps on a real clock is waited for, and explored like work that
  /// only computes, every order and what it sent in order.
  @Test func workThatLeavesTheExplorersThreadIsWaitedForAndExplored() async {
    actor Catalog {
      func title(_ number: Int) -> String { "title \(number)" }
    }
    struct Loader: Model {
      struct State: Hashable, Sendable { var titles: [String] = [] }
      enum Intent: Equatable, Sendable {
        case load(Int)
        case loaded(String)
      }
      let catalog: Catalog
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        switch intent {
        case .load(let number):
          return .run { [catalog] send in
            try await Task.sleep(for: .milliseconds(1))
            await send(.loaded(await catalog.title(number)))
          }
        case .loaded(let title):
          state.titles.append(title)
          return .none
        }
      }
    }
    var ends: Set<[String]> = []
    let report = await ScheduleExplorer(model: Loader(catalog: Catalog()), initialState: .init())
      .explore(
        [.load(1), .load(2)], pruning: false,
        finally: { state in
          ends.insert(state.titles)
          return state.titles.count == 2 ? nil : "an answer was lost: \(state.titles)"
        })
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
    // The second load comes before the first answer, or after it; the answers in either order.
    #expect(report.schedules == 3)
    #expect(ends == [["title 1", "title 2"], ["title 2", "title 1"]])
  }

  @Test func anEffectThatNeverFinishesStopsTheExplorationWithAFailure() async {
    struct Listening: Model {
      struct State: Hashable, Sendable {}
      enum Intent: Equatable, Sendable { case appeared }
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        .run { _ in try await Task.sleep(for: .seconds(3_600)) }
      }
    }
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Listening(), initialState: .init())
        .explore([.appeared], timeout: .milliseconds(200))
    }
    #expect(report?.failure?.kind == .effectDidNotFinish)
    #expect(
      report?.failure?.message.hasPrefix(
        "The effect of appeared did not finish within 0.2 seconds and was abandoned.") == true)
  }

  /// One timeout, not one per schedule: after a stuck effect, every other schedule would wait
  /// out the timeout too, so the exploration stops at the first. Counted, not timed: on a
  /// loaded machine the wall clock says nothing about how many timeouts ran.
  @Test func theExplorationStopsAtTheFirstEffectThatDoesNotFinish() async {
    struct Stuck: Model {
      struct State: Hashable, Sendable { var opened = 0 }
      enum Intent: Equatable, Sendable { case opened, answered }
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        switch intent {
        case .opened:
          state.opened += 1
          return .run { send in await send(.answered) }
        case .answered:
          // Only some schedules reach this before the scenario ends; each of those would hang.
          return .run { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
          }
        }
      }
    }
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Stuck(), initialState: .init())
        .explore([.opened, .opened], timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("an effect did not finish")
    }
    #expect(report?.failure?.kind == .effectDidNotFinish)
    #expect(report?.schedules == 1)
    #expect(report?.isExhaustive == false)
  }

  /// A dependency that never answers and ignores cancellation, as a delegate that is never
  /// called does: a task group waiting for it would never return.
  @Test func workThatIgnoresCancellationIsAbandonedAndTheReportSaysSo() async {
    struct Stuck: Model {
      struct State: Hashable, Sendable { var opened = 0 }
      enum Intent: Equatable, Sendable { case opened, answered }
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        guard intent == .opened else { return .none }
        state.opened += 1
        return .run { send in
          await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
          await send(.answered)
        }
      }
    }
    var report: ExplorationReport?
    await withKnownIssue {
      report = await ScheduleExplorer(model: Stuck(), initialState: .init())
        .explore([.opened, .opened], timeout: .milliseconds(100))
    } matching: { issue in
      issue.description.contains(": an effect did not finish. The effect of opened did not finish")
    }
    #expect(report?.failure?.kind == .effectDidNotFinish)
    #expect(report?.failure?.schedule == "u")
    #expect(report?.isExhaustive == false)
    #expect(report?.failure?.description.contains("The schedule that reached it (1 step):") == true)
  }

  @Test func eachFailureSaysWhatKindItIs() async {
    var bug: ExplorationReport?
    await withKnownIssue {
      bug = await Self.search(fixed: false)
        .explore([.queryChanged("a"), .queryChanged("ab")], finally: Self.showsItsQuery)
    }
    #expect(bug?.failure?.kind == .orderingBug)
    #expect(bug?.description.hasPrefix("Ordering bug found in ") == true)
    struct Feeding: Model {
      struct State: Hashable, Sendable {}
      enum Intent: Equatable, Sendable { case tick }
      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> { .send(.tick) }
    }
    var misuse: ExplorationReport?
    await withKnownIssue {
      misuse = await ScheduleExplorer(model: Feeding(), initialState: .init()).explore([.tick])
    }
    #expect(misuse?.failure?.kind == .misuse)
    #expect(misuse?.description.hasPrefix("Misuse found in 1 schedule") == true)
  }

  /// A helper of the user's that explores, so that its failures point at its callers.
  static func expectNoStaleResults(
    fixed: Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await search(fixed: fixed).explore(
      [.queryChanged("a"), .queryChanged("ab")], finally: showsItsQuery, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  @Test func aHelperForwardsItsCallersSourceLocation() async {
    let line = #line + 2
    await withKnownIssue {
      await Self.expectNoStaleResults(fixed: false)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileID == "MVIKitTests/ScheduleExplorerTests.swift"
    }
  }
}
