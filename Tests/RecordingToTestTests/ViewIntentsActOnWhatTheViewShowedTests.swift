import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import Testing

/// A list whose items come back from a server with their ids, bought by id in the parent's own
/// reduce (no child link), and suggestions as a search is typed. `ignoresStaleSuggestions`
/// is the fix of its late-answer bug: suggestions for an older query are dropped.
struct Groceries: Model {
  struct Item: Codable, Hashable, Sendable {
    var id: Int
    var title: String
    var isBought = false
  }
  struct State: Codable, Hashable, Sendable {
    var items: [Item] = []
    var query = ""
    var suggestions: [String] = []
  }
  enum Intent: Codable, Equatable, Sendable {
    case addTapped(String)
    case added(Item)
    case boughtToggled(id: Int)
    case queryChanged(String)
    case suggested([String], for: String)
  }

  var ignoresStaleSuggestions = true

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .addTapped(let title):
      let id = title.count
      return .run { send in await send(.added(Item(id: id, title: title))) }
    case .added(let item):
      state.items.append(item)
      return .none
    case .boughtToggled(let id):
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .none }
      state.items[index].isBought.toggle()
      return .none
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        await send(
          .suggested(["milk", "mint", "mango"].filter { $0.hasPrefix(query) }, for: query))
      }
    case .suggested(let titles, let query):
      if ignoresStaleSuggestions, query != state.query { return .none }
      state.suggestions = titles
      return .none
    }
  }
}

/// An exploration of a recording blames only orders a user could have made: a View intent
/// acts on what the View showed.
@MainActor
struct ViewIntentsActOnWhatTheViewShowedTests {
  /// The user adds milk, buys it once it shows, then types "m" and "mi"; every answer came
  /// before the next tap, so the user saw the right list and the right suggestions.
  static func record(_ model: Groceries) async throws -> Recording<Groceries> {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("groceries-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<Groceries>(to: url)
    let store = Store(initialState: Groceries.State(), model: model, attaching: [recorder])
    await store.send(.addTapped("milk")).finish()
    store.send(.boughtToggled(id: 4))
    await store.send(.queryChanged("m")).finish()
    await store.send(.queryChanged("mi")).finish()
    recorder.stop()
    return try Recording(contentsOf: url)
  }

  @Test func aParentThatActsByIDExploresCleanAndTheOrdersNoUserCouldMakeAreCounted() async throws {
    let recording = try await Self.record(Groceries())
    let report = try await recording.explore(with: Groceries())
    #expect(report.failure == nil)
    #expect(report.failures.isEmpty)
    #expect(report.isExhaustive)
    // The toggle before the answer that brought the item did nothing: left out, not blamed.
    #expect(report.leftOut > 0)
    #expect(report.description.contains("left out, which no user could make"))
  }

  @Test func theTwinWithALateAnswerBugIsReportedForThatBugWithASchedule() async throws {
    let recording = try await Self.record(Groceries(ignoresStaleSuggestions: false))
    var report: ExplorationReport?
    await withKnownIssue {
      report = try await recording.explore(with: Groceries(ignoresStaleSuggestions: false))
    }
    let failure = try #require(report?.failure)
    #expect(failure.message.contains("suggestions"))
    #expect(!failure.message.contains("isBought"))
    #expect(report?.failures.map(\.message).allSatisfy { $0.contains("suggestions") } == true)
    // The late suggestion for "m" lands after the one for "mi".
    #expect(failure.steps.last?.label.contains(#"for: "m""#) == true)
    // The schedule replays on an explorer of the same recorded model, set up as explore's.
    let model = try RecordedEffectsModel(
      Groceries(ignoresStaleSuggestions: false), recording: recording)
    var explorer = ScheduleExplorer(model: model, initialState: model.initialState)
    model.configure(&explorer)
    explorer.reportsIssues = false
    let replayed = await explorer.replay(
      model.scenario, schedule: failure.schedule, finally: model.endsAsRecorded)
    #expect(replayed.failure?.schedule == failure.schedule)
  }

  @Test func eachMemberThatEndsOtherwiseKeepsItsOwnShortestFailure() async throws {
    // Without the leave-out rule the toggle's order would fail too: kept apart, it cannot
    // hide the suggestions' failure behind a shorter schedule.
    let recording = try await Self.record(Groceries(ignoresStaleSuggestions: false))
    let model = try RecordedEffectsModel(
      Groceries(ignoresStaleSuggestions: false), recording: recording)
    var explorer = ScheduleExplorer(model: model, initialState: model.initialState)
    model.configure(&explorer)
    explorer.viewIntentActedOnNothing = nil
    explorer.reportsIssues = false
    let report = await explorer.explore(model.scenario, finally: model.endsAsRecorded)
    let messages = report.failures.map(\.message)
    #expect(messages.contains { $0.contains("items[0].isBought") })
    #expect(messages.contains { $0.contains("suggestions") })
    #expect(report.failures.map(\.steps.count) == report.failures.map(\.steps.count).sorted())
  }
}
