import Foundation
import MVIKit
import MVIKitTesting
import Testing

/// Regular runs use a few thousand intents; `make soak` sets `MVIKIT_FUZZ_STEPS=1000000`.
let fuzzSteps = ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000

@MainActor
@Suite struct FuzzTests {
  @Test func counterKeepsItsInvariants() {
    let report = IntentFuzzer(
      model: Counter(fact: { "\($0)" }), initialState: Counter.State(),
      generate: { random in
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .increment
        case 1: .factTapped
        case 2: .factLoaded("fact")
        default: .factFailed("error")
        }
      },
      invariant: { state in
        if state.count < 0 { return "count went negative" }
        if state.fact != nil, state.fact != "fact" { return "fact is not a loaded one" }
        return nil
      }
    ).run(steps: fuzzSteps, seed: 42)
    #expect(report.violation == nil)
    #expect(report.steps == fuzzSteps)
  }

  @Test func sameSeedReplaysTheSameRun() {
    func run(seed: UInt64) -> Int {
      var seen = 0
      _ = IntentFuzzer(
        model: Counter(fact: { "\($0)" }), initialState: Counter.State(),
        generate: { random in Bool.random(using: &random) ? .increment : .factLoaded("x") },
        invariant: { state in
          seen = state.count
          return nil
        }
      ).run(steps: 1_000, seed: seed)
      return seen
    }
    #expect(run(seed: 7) == run(seed: 7))
    #expect(run(seed: 7) != run(seed: 8))
  }

  @Test func violationIsReportedWithAShrunkSequence() {
    var report: IntentFuzzer<Counter>.Report?
    withKnownIssue {
      report = IntentFuzzer(
        model: Counter(fact: { "\($0)" }), initialState: Counter.State(),
        generate: { random in Int.random(in: 0..<3, using: &random) == 0 ? .increment : .factTapped
        },
        invariant: { $0.count >= 3 ? "count reached 3" : nil }
      ).run(steps: 1_000, seed: 1)
    } matching: { issue in
      issue.description.contains("seed 1") && issue.description.contains("count reached 3")
    }
    #expect(report?.counterexample == ["increment", "increment", "increment"])
  }
}
