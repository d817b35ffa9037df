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
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    // Exhaustive: had "h" or "he" been sent, receiving "hey" first would fail.
    await store.receive(.record("hey")) { $0.log = ["hey"] }
    await store.finish()
  }

  @Test func aThrottleWrittenAsStateReportsTheFirstAtOnceAndTheLatestWhenTheWindowEnds() async {
    let clock = TestClock()
    let store = TestStore(initialState: ScrollReporter.State(), model: ScrollReporter(clock: clock))
    await store.send(.scrolled(1)) {
      $0.isWindowOpen = true
      $0.reported = [1]
    }
    await store.send(.scrolled(2)) { $0.heldOffset = 2 }
    await store.send(.scrolled(3)) { $0.heldOffset = 3 }
    await clock.advance(by: .seconds(1))
    await store.receive(.windowEnded) {
      $0.isWindowOpen = false
      $0.heldOffset = nil
    }
    // Reported at the end of the window, the latest opens the next one.
    await store.receive(.scrolled(3)) {
      $0.isWindowOpen = true
      $0.reported = [1, 3]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.windowEnded) { $0.isWindowOpen = false }
    await store.finish()
  }

  @Test func everyScheduleOfAThrottleWrittenAsStateReportsTheLatestOffsetLast() async {
    let explorer = ScheduleExplorer(
      model: ScrollReporter(clock: ExplorationClock()), initialState: ScrollReporter.State())
    let report = await explorer.explore(
      [.scrolled(1), .scrolled(2), .scrolled(3)], pruning: false,
      finally: { state in
        state.reported.last == 3 && state.heldOffset == nil && !state.isWindowOpen
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
    await clock.advance(by: .seconds(1))
    await store.receive(.record("second")) { $0.log = ["second"] }
    await store.finish()
  }
}
