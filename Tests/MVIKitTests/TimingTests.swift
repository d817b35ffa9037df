import Clocks
import MVIKit
import MVIKitTesting
import Testing

@MainActor
@Suite struct TimingTests {
  @Test func debounceRunsOnlyTheLastEffectAfterAQuietPeriod() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
    await store.send(.typed("h"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.typed("he"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.typed("hey"))
    await clock.untilSleeping()
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    // Exhaustive: had "h" or "he" been sent, receiving "hey" first would fail.
    await store.receive(.record("hey")) { $0.log = ["hey"] }
    await store.finish()
  }

  @Test func aThrottleReportsTheFirstAtOnceAndTheLatestWhenTheWindowEnds() async {
    let clock = TestClock()
    let store = TestStore(initialState: ScrollReporter.State(), model: ScrollReporter(clock: clock))
    await store.send(.scrolled(1)) { $0.scroll.isWindowOpen = true }
    await store.receive(.report(1)) { $0.reported = [1] }
    await store.send(.scrolled(2)) { $0.scroll.held = .report(2) }
    await store.send(.scrolled(3)) { $0.scroll.held = .report(3) }
    await clock.untilSleeping()
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    // The latest goes out as the window ends, and opens the next one.
    await store.receive(.scrollWindowEnded) { $0.scroll.held = nil }
    await store.receive(.report(3)) { $0.reported = [1, 3] }
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.isWindowOpen = false }
    // After a whole interval with nothing offered, the next goes out at once.
    await store.send(.scrolled(4)) { $0.scroll.isWindowOpen = true }
    await store.receive(.report(4)) { $0.reported = [1, 3, 4] }
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.isWindowOpen = false }
    await store.finish()
  }

  @Test func aThrottleThatKeepsTheFirstReportsItWhenTheWindowEnds() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: ScrollReporter.State(latest: false), model: ScrollReporter(clock: clock))
    await store.send(.scrolled(1)) { $0.scroll.isWindowOpen = true }
    await store.receive(.report(1)) { $0.reported = [1] }
    await store.send(.scrolled(2)) { $0.scroll.held = .report(2) }
    await store.send(.scrolled(3))
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.held = nil }
    await store.receive(.report(2)) { $0.reported = [1, 2] }
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.scrollWindowEnded) { $0.scroll.isWindowOpen = false }
    await store.finish()
  }

  @Test func everyScheduleOfAThrottleReportsTheLatestOffsetLast() async {
    let explorer = ScheduleExplorer(
      model: ScrollReporter(clock: ExplorationClock()), initialState: ScrollReporter.State())
    let report = await explorer.explore(
      [.scrolled(1), .scrolled(2), .scrolled(3)], pruning: false,
      finally: { state in
        state.reported.last == 3 && state.scroll.held == nil && !state.scroll.isWindowOpen
          ? nil : "ended with \(state)"
      })
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
    // The first window ends after the third scroll, between the second and the third, or
    // between the first and the second; then the second window ends before or after the third.
    #expect(report.schedules == 5)
  }

  @Test func effectsWaitOnTheModelsClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
    await store.send(.start("tick"))
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.record("tick")) { $0.log = ["tick"] }
    await store.finish()
  }

  @Test func cancelInFlightRestartsTheWait() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
    await store.send(.start("first"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.start("second"))
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    await store.receive(.record("second")) { $0.log = ["second"] }
    await store.finish()
  }
}
