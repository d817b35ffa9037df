import Foundation
import MVIKit
import MVIKitPersistence

/// A draft whose persisted member every intent changes.
struct Draft: Model {
  struct State: Equatable, Sendable {
    var edits = 0
  }
  enum Intent: Equatable, Sendable { case typed }

  static let persisted = PersistedState<Draft>("draft", .member(\.edits, key: "edits"))

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.edits += 1
    return .none
  }
}

@MainActor
enum PersistenceCases {
  static func all() async -> [Row] {
    [persistedSend(), await burstWrites(), fileWrite()]
  }

  /// A send on a store whose state persists, beside the same send on a plain store: between
  /// two saves, persistence costs a send one flag test.
  static func persistedSend() -> Row {
    // Ten million: a send of 2 ns takes 20 ms a run, long enough for a steady ratio.
    let n = 10_000_000
    let plain = Store(initialState: Draft.State(), model: Draft())
    let floor = measure(n) { n in
      for _ in 0..<n { viewSend(plain, .typed) }
    }
    let persisted = Store(
      initialState: Draft.State(), model: Draft(),
      attaching: [StatePersistence(Draft.persisted, in: InMemoryStateStorage())])
    let mvikit = measure(n) { n in
      for _ in 0..<n { viewSend(persisted, .typed) }
    }
    blackHole(plain.edits + persisted.edits)
    return Row(
      "15a. send on a persisted store, a persisted member changed", mvikit,
      floor: "the same send on a plain store", floor, within: 1.5, target: "≤ 1.5×")
  }

  /// A burst of intents that each change a persisted member, then the saving delay: how many
  /// files are written.
  static func burstWrites() async -> Row {
    let storage = InMemoryStateStorage()
    let persistence = StatePersistence(
      Draft.persisted, in: storage, savingAfter: .milliseconds(50))
    let store = Store(initialState: Draft.State(), model: Draft(), attaching: [persistence])
    for _ in 0..<1_000 { store.send(.typed) }
    try? await Task.sleep(for: .milliseconds(500))
    await persistence.flush()
    let writes = storage.writeCount
    return Row(
      name: "15b. 1,000 intents in a burst, then the saving delay (files written)",
      nanoseconds: Double(writes), floorName: "—", floorNanoseconds: 0, allocations: 0,
      target: "1 write", met: writes == 1)
  }

  /// One atomic, durable write of a small state file, beside Foundation's atomic write, which
  /// renames a temporary file too but neither syncs it nor takes a lock.
  static func fileWrite() -> Row {
    let folder = FileManager.default.temporaryDirectory.appending(path: "mvikit-bench-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = FileStateStorage(folder: folder)
    let data = Data(#"{"members":{"edits":{"value":1000,"version":1}},"mvikitState":1}"#.utf8)
    let file = folder.appending(path: "plain")
    let n = 200
    let mvikit = measure(n) { n in
      for _ in 0..<n { try? storage.write(data, to: "draft") }
    }
    let floor = measure(n) { n in
      for _ in 0..<n { try? data.write(to: file, options: .atomic) }
    }
    return Row(
      name: "15c. FileStateStorage write: synced, renamed, locked", nanoseconds: mvikit.ns,
      floorName: "Data.write(options: .atomic), not synced", floorNanoseconds: floor.ns,
      allocations: mvikit.allocs, target: "report", met: nil,
      note: "the sync is what a crash-safe write costs; saves are coalesced, off the main actor")
  }
}
