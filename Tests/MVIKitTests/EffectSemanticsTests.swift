import Foundation
import MVIKit
import MVIKitTesting
import Testing

/// One table of what effects do, run against every executor of effects: the live store, the
/// test store and the schedule explorer. Where the order of intents is determined, each must
/// give the same intents in the same order; where it is not (two tasks racing), the explorer
/// must have the live store's order among its schedules.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct EffectSemanticsTests {
  /// A model whose `start(n)` returns the table's effect `n`, and which logs every mark.
  struct Semantics: Model {
    struct State: Equatable, Sendable {
      var log: [String] = []
    }

    enum Intent: Equatable, Sendable {
      case start(Int)
      case mark(String)
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .start(let index): return EffectSemanticsTests.table[index].effect
      case .mark(let text):
        state.log.append(text)
        return .none
      }
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let effect: Effect<Semantics.Intent, Never>
    /// The log every executor must end with, or nil when the order is not determined.
    let expected: [String]?

    var testDescription: String { name }
  }

  nonisolated static func mark(_ text: String) -> Effect<Semantics.Intent, Never> {
    .send(.mark(text))
  }
  nonisolated static func run(_ text: String) -> Effect<Semantics.Intent, Never> {
    .run { send in await send(.mark(text)) }
  }

  nonisolated static let table: [Case] = [
    Case(
      name: "sends are reduced in order, a concatenation's in turn",
      effect: .merge(mark("a"), mark("b"), .concatenate(mark("c"), mark("d"))),
      expected: ["a", "b", "c", "d"]),
    Case(
      name: "what a task sends comes after the send's own intents",
      effect: .merge(run("task"), mark("sync")), expected: ["sync", "task"]),
    Case(
      name: "a concatenation's next step waits for the task before it",
      effect: .concatenate(run("first"), mark("after"), run("second")),
      expected: ["first", "after", "second"]),
    Case(
      name: "the rest of a concatenation waits for every task of a merged step",
      effect: .concatenate(.merge(run("x"), run("y")), mark("last")), expected: nil),
    Case(
      name: "cancelInFlight cancels the work started under the same id",
      effect: .merge(
        run("stale").cancellable(id: "load"),
        run("fresh").cancellable(id: "load", cancelInFlight: true)),
      expected: ["fresh"]),
    Case(
      name: "cancel(id:) cancels work before it delivers",
      effect: .merge(run("cancelled").cancellable(id: "job"), .cancel(id: "job"), mark("kept")),
      expected: ["kept"]),
    Case(
      name: "a concatenation cancelled as a whole sends nothing more",
      effect: .merge(
        .concatenate(run("one"), mark("two")).cancellable(id: "chain"), .cancel(id: "chain")),
      expected: []),
    Case(
      name: "two tasks race", effect: .merge(run("left"), run("right")), expected: nil),
    Case(
      name: "a run's error goes to its catch handler, which may send",
      effect: .run { _ in
        throw FactError()
      } catch: { error, send in
        await send(.mark("caught \(error)"))
      },
      expected: ["caught no fact today"]),
  ]

  nonisolated static let indices = Array(table.indices)

  func liveLog(_ index: Int) async -> [String] {
    let store = Store(initialState: Semantics.State(), model: Semantics())
    await store.send(.start(index)).finish()
    return store.log
  }

  @Test(arguments: indices)
  func theLiveStoreTheTestStoreAndTheExplorerAgree(_ index: Int) async {
    let row = Self.table[index]
    let live = await liveLog(index)
    if let expected = row.expected { #expect(live == expected, "live store") }

    let testStore = TestStore(initialState: Semantics.State(), model: Semantics())
    testStore.exhaustivity = .off
    await testStore.send(.start(index))
    while testStore.state.log.count < live.count {
      await testStore.finish()
      testStore.skipReceivedIntents()
      if testStore.state.log.count < live.count { break }
    }
    await testStore.finish()
    testStore.skipReceivedIntents()
    if let expected = row.expected {
      #expect(testStore.state.log == expected, "test store")
    } else {
      #expect(testStore.state.log.sorted() == live.sorted(), "test store")
    }

    var logs: Set<[String]> = []
    let explorer = ScheduleExplorer(model: Semantics(), initialState: Semantics.State())
    let report = await explorer.explore(
      [.start(index)], pruning: false,
      finally: { state in
        logs.insert(state.log)
        return nil
      })
    #expect(report.failure == nil)
    if let expected = row.expected {
      #expect(logs == [expected], "explorer")
    } else {
      #expect(logs.contains(live), "the explorer has the live order among \(logs)")
    }
  }

  /// Each rule of effects is written once: only the interpreter reads an effect's steps, and
  /// `map`, which rebuilds an effect case for case. A second reader (an executor with its own
  /// copy of the rules) fails this test.
  @Test func onlyTheInterpreterReadsAnEffectsSteps() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var readers: [String] = []
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      if text.contains("case .concatenate(") || text.contains("case .cancellable(") {
        readers.append(file)
      }
    }
    #expect(
      readers.sorted() == [
        "MVIKit/Effect+Map.swift", "MVIKit/Internal/Effects/EffectExecutor.swift",
      ])
  }
}
