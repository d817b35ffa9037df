import Foundation
import MVIKit
import MVIKitPersistence
import MVIKitRecording
import MVIKitTesting
import Testing

/// Notes with pins that persist: what a recording made beside persistence records.
struct PinnedNotes: Model {
  struct State: Codable, Equatable, Sendable {
    var pinnedIDs: [Int] = []
    var draft = ""
  }
  enum Intent: Codable, Equatable, Sendable {
    case pin(Int)
    case unpinLast
    case draftChanged(String)
  }

  static let persisted = PersistedState<PinnedNotes>("notes", .member(\.pinnedIDs, key: "pins"))

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .pin(let id): state.pinnedIDs.append(id)
    case .unpinLast: if !state.pinnedIDs.isEmpty { state.pinnedIDs.removeLast() }
    case .draftChanged(let draft): state.draft = draft
    }
    return .none
  }
}

@MainActor
@Suite struct RecordingBesidePersistenceTests {
  /// A session recorded with the recorder given before or after persistence.
  func recordedSession(recorderFirst: Bool) async throws -> Recording<PinnedNotes> {
    let storage = InMemoryStateStorage()
    // The first launch pins 7 and 8, and saves them.
    let first = StatePersistence(PinnedNotes.persisted, in: storage)
    let firstStore = Store(
      initialState: PinnedNotes.State(), model: PinnedNotes(), attaching: [first])
    firstStore.send(.pin(7))
    firstStore.send(.pin(8))
    await first.flush()

    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("pins-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let recorder = try Recorder<PinnedNotes>(to: url)
    let persistence = StatePersistence(PinnedNotes.persisted, in: storage)
    let attachments: [any StoreAttachment<PinnedNotes>] =
      recorderFirst ? [recorder, persistence] : [persistence, recorder]
    let store = Store(
      initialState: PinnedNotes.State(), model: PinnedNotes(), attaching: attachments)
    #expect(store.pinnedIDs == [7, 8])
    store.send(.unpinLast)
    store.send(.draftChanged("x"))
    recorder.stop()
    return try Recording<PinnedNotes>(contentsOf: url)
  }

  @Test(arguments: [true, false])
  func theRecordingStartsFromTheRestoredStateInEitherOrder(recorderFirst: Bool) async throws {
    let recording = try await recordedSession(recorderFirst: recorderFirst)
    #expect(recording.initialState.pinnedIDs == [7, 8])
    // No step is credited with the restore: replaying the reducer reaches every recorded state.
    let entries = try recording.replay(with: PinnedNotes())
    #expect(entries.map(\.state.pinnedIDs) == [[7, 8], [7], [7]])
    // The test made from it asserts the unpin as the removal it was.
    let source = try recording.testSource(named: "pins")
    #expect(source.contains("try $0.pinnedIDs.removeLast(recorded: 1)"))
  }

  @Test func theRecordedStepsPassAsATestStoreFromTheRecordedStart() async throws {
    let recording = try await recordedSession(recorderFirst: true)
    let store = TestStore(initialState: recording.initialState, model: PinnedNotes())
    await store.send(.unpinLast) { try $0.pinnedIDs.removeLast(recorded: 1) }
    await store.send(.draftChanged("x")) { $0.draft = "x" }
  }

  @Test func aRemovalFromAShorterListThrowsInsteadOfTrapping() {
    var pins: [Int] = []
    #expect(throws: RecordedRemovalMismatch.self) { try pins.removeLast(recorded: 1) }
    #expect(pins.isEmpty)
    var more = [1, 2, 3]
    #expect(throws: Never.self) { try more.removeLast(recorded: 2) }
    #expect(more == [1])
  }

  @Test func aGeneratedRemovalOnADivergedStateFailsTheStepAndTheRunGoesOn() async {
    // The state before the step lacks what the recording had: the step fails, no trap.
    let store = TestStore(initialState: PinnedNotes.State(), model: PinnedNotes())
    await withKnownIssue {
      await store.send(.unpinLast) { try $0.pinnedIDs.removeLast(recorded: 1) }
    }
    await store.send(.draftChanged("y")) { $0.draft = "y" }
  }
}
