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

  @Test func throttleRunsTheFirstAtOnceAndTheLatestAtTheEndOfTheWindow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Lab.State(), model: Lab(clock: clock))
    await store.send(.scrolled(1))
    await store.receive(.record("scroll 1")) { $0.log = ["scroll 1"] }
    await store.send(.scrolled(2))
    await store.send(.scrolled(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.record("scroll 3")) { $0.log.append("scroll 3") }
    await store.finish()
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
