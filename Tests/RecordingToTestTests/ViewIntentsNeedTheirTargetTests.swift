import Foundation
import MVIKit
import MVIKitRecording
import MVIKitTesting
import Testing

/// A card the user can like once it has loaded.
struct Card: Model {
  struct State: Codable, Hashable, Sendable { var likes = 0 }
  enum Intent: Codable, Equatable, Sendable { case liked }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.likes += 1
    return .none
  }
}

/// A screen whose card arrives from an effect: the View can only tap the card once it shows.
struct CardScreen: Model {
  struct State: Codable, Hashable, Sendable {
    var card: Card.State?
    var opened = 0
  }
  enum Intent: Codable, Equatable, Sendable {
    case opened
    case loaded
    case card(Card.Intent)
  }

  static let card = OptionalChildLink<CardScreen, Card>(state: \.card, intent: Intent.card)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .opened:
      state.opened += 1
      return .run { send in await send(.loaded) }
    case .loaded:
      if state.card == nil { state.card = Card.State() }
      return .none
    case .card(let intent):
      return Self.card.reduce(Card(), &state, intent)
    }
  }
}

/// Titles saved one at a time, in the order typed: the next save starts from the answer to
/// the one before, or from the tap when nothing is saving.
struct SaveQueue: Model {
  struct State: Codable, Hashable, Sendable {
    var waiting: [String] = []
    var saved: [String] = []
  }
  enum Intent: Codable, Equatable, Sendable {
    case addTapped(String)
    case saved(String)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .addTapped(let title):
      state.waiting.append(title)
      return state.waiting.count == 1 ? save(title) : .none
    case .saved(let title):
      state.saved.append(title)
      state.waiting.removeFirst()
      return state.waiting.first.map(save) ?? .none
    }
  }

  private func save(_ title: String) -> Effect<Intent, Never> {
    .run { send in await send(.saved(title)) }
  }
}

/// An exploration of a recording leaves out the orders in which the View would have sent an
/// intent to something it could not show yet; a plain exploration of the same intents reports
/// them, as a live store would.
@MainActor
struct ViewIntentsNeedTheirTargetTests {
  /// The user opens the screen, waits for the card, likes it; then opens the screen again.
  static func record() async throws -> Recording<CardScreen> {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("card-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<CardScreen>(to: url)
    let store = Store(initialState: CardScreen.State(), model: CardScreen(), attaching: [recorder])
    await store.send(.opened).finish()
    store.send(.card(.liked))
    await store.send(.opened).finish()
    recorder.stop()
    return try Recording(contentsOf: url)
  }

  @Test func aTapBeforeItsTargetArrivedIsLeftOutOfARecordingsOrders() async throws {
    let recording = try await Self.record()
    let report = try await recording.explore(with: CardScreen())
    #expect(report.failure == nil)
    #expect(report.isExhaustive)
    // Liking before the card loaded is the one order left out; the other is what the user did.
    #expect(report.leftOut == 1)
    #expect(report.schedules == 1)
    #expect(
      report.description.contains(
        "1 order left out, which no user could make or the recording cannot tell"))
  }

  @Test func aPlainExplorationStillReportsTheDroppedIntent() async {
    let explorer = ScheduleExplorer(model: CardScreen(), initialState: CardScreen.State())
    await withKnownIssue {
      let report = await explorer.explore([.opened, .card(.liked), .opened])
      #expect(report.failure?.kind == .misuse)
      #expect(report.failure?.message.contains("the intent was dropped") == true)
      #expect(report.leftOut == 0)
    }
  }

  @Test func workTheRecordingNeverSawStartLeavesItsOrderOut() async throws {
    // Recorded: "b" was typed after "a" was saved, so b's save started from its tap.
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("saves-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<SaveQueue>(to: url)
    let store = Store(initialState: SaveQueue.State(), model: SaveQueue(), attaching: [recorder])
    await store.send(.addTapped("a")).finish()
    await store.send(.addTapped("b")).finish()
    recorder.stop()
    let recording = try Recording<SaveQueue>(contentsOf: url)
    // Typed before a's answer, b's save would start from that answer: a run the recording
    // never saw, whose answer it cannot tell. That order is left out, not reported.
    let report = try await recording.explore(with: SaveQueue())
    #expect(report.failure == nil)
    #expect(report.leftOut == 1)
    #expect(report.schedules == 1)
    #expect(report.isExhaustive)
  }

  @Test func membersThatFollowTheTimingCanBeLeftOutOfTheEndCheck() async throws {
    let model = try RecordedEffectsModel(CardScreen(), recording: try await Self.record())
    var state = model.initialState
    state.app = CardScreen.State(card: Card.State(likes: 1), opened: 5)
    let strict = try #require(model.endsAsRecorded(state))
    #expect(strict.contains("opened: 2 → 5"))
    #expect(model.endsAsRecorded(ignoring: ["opened"])(state) == nil)
    #expect(model.endsAsRecorded(ignoring: ["card"])(state)?.contains("opened") == true)
    state.app.card?.likes = 3
    #expect(
      model.endsAsRecorded(ignoring: ["opened"])(state)?.contains("card.likes: 1 → 3") == true)
    #expect(model.endsAsRecorded(ignoring: ["opened", "card"])(state) == nil)
  }
}
