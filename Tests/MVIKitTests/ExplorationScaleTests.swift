import MVIKit
import MVIKitTesting
import Testing

/// One tap starts `count` effects at once, each answering with its number; then, for the
/// labels, a concatenation whose first step sends two answers.
struct Answers: Model {
  struct State: Hashable, Sendable {
    var answers: [Int] = []
    var flags: Set<Int> = []
  }
  enum Intent: Hashable, Sendable {
    case go
    case answered(Int)
    case twoThenOne
  }

  let count: Int
  /// Whether each answer appends to one list, so that every order ends in its own state.
  let isDependent: Bool

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .go:
      return .merge((0..<count).map { index in .run { send in await send(.answered(index)) } })
    case .answered(let index):
      if isDependent { state.answers.append(index) } else { state.flags.insert(index) }
      return .none
    case .twoThenOne:
      return .concatenate(
        .run { send in
          await send(.answered(10))
          await send(.answered(11))
        },
        .run { send in await send(.answered(12)) })
    }
  }
}

/// Final states seen by a check, kept across the explorer's calls of it.
@MainActor
final class FinalStates {
  var seen: [Answers.State] = []
}

@MainActor
struct ExplorationScaleTests {
  static func explorer(_ count: Int, dependent: Bool) -> ScheduleExplorer<Answers> {
    ScheduleExplorer(model: Answers(count: count, isDependent: dependent), initialState: .init())
  }

  @Test func everyOrderOfSixAnswersIsExploredExactlyOnce() async {
    let finals = FinalStates()
    let report = await Self.explorer(6, dependent: true).explore(
      [.go],
      finally: { state in
        finals.seen.append(state)
        return nil
      })
    #expect(report.schedules == 720)
    #expect(report.isExhaustive)
    #expect(report.failure == nil)
    // Branches share the jobs they started: each order must still deliver every answer once.
    #expect(Set(finals.seen).count == 720)
    #expect(finals.seen.allSatisfy { $0.answers.sorted() == Array(0..<6) })
  }

  @Test func independentAnswersAreExploredOncePerDistinctState() async {
    let explorer = Self.explorer(6, dependent: false)
    let every = await explorer.explore([.go], pruning: false)
    let finals = FinalStates()
    let pruned = await explorer.explore(
      [.go],
      finally: { state in
        finals.seen.append(state)
        return nil
      })
    #expect(every.schedules == 720)
    #expect(pruned.isExhaustive)
    #expect(pruned.pruned > 0)
    #expect(pruned.schedules < 720)
    #expect(Set(finals.seen) == [Answers.State(flags: Set(0..<6))])
  }

  @Test func pruningMemoryBoundsTheTableAndTheSearchStaysExhaustive() async {
    let explorer = Self.explorer(5, dependent: false)
    let remembersNothing = await explorer.explore([.go], pruningMemory: 0)
    let remembersTen = await explorer.explore([.go], pruningMemory: 10)
    let remembersAll = await explorer.explore([.go])
    #expect(remembersNothing.pruned == 0)
    #expect(remembersNothing.schedules == 120)
    #expect(remembersTen.pruned > 0)
    #expect(remembersTen.pruned < remembersAll.pruned)
    #expect(remembersTen.isExhaustive && remembersAll.isExhaustive)
    // A bug in one order of 120 is found however little is remembered.
    let dependent = Self.explorer(5, dependent: true)
    await withKnownIssue {
      let report = await dependent.explore(
        [.go], pruningMemory: 0,
        finally: { $0.answers == [4, 3, 2, 1, 0] ? "answered in reverse" : nil })
      #expect(report.failure?.schedule == "u e4 e3 e2 e1 e0")
    }
  }

  @Test func aFailuresStepsNameWhatEachJobDeliveredInTurn() async {
    let explorer = Self.explorer(0, dependent: true)
    await withKnownIssue {
      let report = await explorer.explore(
        [.twoThenOne],
        finally: { $0.answers == [10, 11, 12] ? "all answered" : nil })
      #expect(
        report.failure?.steps.map(\.label) == [
          "user: twoThenOne",
          "effect of twoThenOne: answered(10)",
          "effect of twoThenOne: answered(11)",
          "effect of twoThenOne: its next step",
          "effect of twoThenOne: answered(12)",
        ])
      #expect(report.failure?.steps.last?.state.contains("answers: [10, 11, 12]") == true)
    }
  }
}
