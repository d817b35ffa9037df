import MVIKit
import Testing

@testable import MVIKitTesting

/// An exploration runs on the main actor beside other work: the app whose inspector explores,
/// or the other tests of a suite. It lets that work run, and the time that work holds the main
/// actor does not count against the timeout of the exploration's effects.
@MainActor
@Suite struct ExplorationSharesTheMainActorTests {
  /// Seven effects whose answers append to one list: 5,040 orders, none prunable.
  struct Answers: Model {
    struct State: Hashable, Sendable {
      var answers: [Int] = []
    }
    enum Intent: Hashable, Sendable {
      case go
      case answered(Int)
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .go:
        return .merge((0..<7).map { index in .run { send in await send(.answered(index)) } })
      case .answered(let index):
        state.answers.append(index)
        return .none
      }
    }
  }

  @MainActor final class Flags {
    var scheduled = false
    var ran = false
    var ranDuringTheSearch = false
    var slowChecks = 30
  }

  private static func spin(for duration: Duration) {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {}
  }

  @Test func otherWorkOnTheMainActorRunsWhileTheSearchGoesOn() async {
    let flags = Flags()
    let explorer = ScheduleExplorer(model: Answers(), initialState: Answers.State())
    let report = await explorer.explore(
      [.go],
      invariant: { _ in
        // Once every effect has run, the search is all steps on the main actor: work queued
        // now runs only if the search lets it.
        if !flags.scheduled {
          flags.scheduled = true
          Task { @MainActor in flags.ran = true }
        }
        if flags.ran { flags.ranDuringTheSearch = true }
        // The first checks are slow, so that the search holds the main actor long enough to
        // yield it however fast this build runs.
        if flags.slowChecks > 0 {
          flags.slowChecks -= 1
          Self.spin(for: .milliseconds(1))
        }
        return nil
      })
    #expect(report.schedules == 5_040)
    #expect(report.isExhaustive)
    #expect(flags.ranDuringTheSearch)
  }

  @Test func timeTheMainActorWasHeldElsewhereIsNotTheEffectsTime() {
    let watch = ExplorationWatch()
    let start = ContinuousClock.now
    watch.look(at: start)
    var abandoned = false
    watch.due = (start + .milliseconds(500), { abandoned = true })
    watch.look(at: start + .milliseconds(5))
    // The next look comes a second late, as when another test's long step held the main
    // actor: the effect could not run either.
    watch.look(at: start + .milliseconds(1_010))
    #expect(!abandoned)
    // Looks on time count: the effect's own 500 ms end at 1.5 s.
    var now = start + .milliseconds(1_010)
    while !abandoned, now < start + .seconds(3) {
      now += .milliseconds(5)
      watch.look(at: now)
    }
    #expect(abandoned)
    #expect(now > start + .milliseconds(1_450) && now < start + .milliseconds(1_550))
  }
}

extension ExplorationSharesTheMainActorTests {
  /// An exploration whose task is cancelled stops within a few steps and says that it did not
  /// run every order: the inspector bounds its explorations in time so, and a report that
  /// claimed every order after stopping would be a false all-clear.
  @Test func aCancelledExplorationStopsAndDoesNotClaimEveryOrder() async {
    let explorer = ScheduleExplorer(model: Answers(), initialState: Answers.State())
    let exploring = Task { @MainActor in await explorer.explore([.go]) }
    exploring.cancel()
    let report = await exploring.value
    #expect(!report.isExhaustive)
    #expect(report.schedules < 5_040)
    #expect(report.description.contains("stopped before every order was run"))
  }
}
