import Foundation
import MVIKit
import MVIKitPersistence
import MVIKitTesting
import Testing

/// Persistence as a `TestStore` test sees it: the state a store would start from, and the
/// members it would save after each step, asserted like any other outcome.
@MainActor
@Suite struct TestStorePersistenceTests {
  @Test func aTestStoreStartsFromWhatWasSavedAndAssertsWhatWillBe() async throws {
    let storage = InMemoryStateStorage([
      "preferences": try stateFile(["email": (1, "ada@example.com"), "filter": (1, true)])
    ])
    let start = try Preferences.persisted.restored(Preferences.State(), from: storage)
    #expect(start.email == "ada@example.com")
    #expect(start.filter == .done)
    let store = TestStore(initialState: start, model: Preferences())
    await store.send(.filterChanged(.active)) { $0.filter = .active }
    await store.send(.passwordChanged("hunter2")) { $0.password = Secret("hunter2") }
    #expect(
      try Preferences.persisted.savedMembers(of: store.state)
        == ["email": #""ada@example.com""#, "filter": #""active""#])
  }

  @Test func whatTheStoreSavesIsWhatSavedMembersSays() async throws {
    let storage = InMemoryStateStorage()
    let persistence = StatePersistence(Preferences.persisted, in: storage)
    let store = Store(
      initialState: Preferences.State(), model: Preferences(), attaching: [persistence])
    store.send(.emailChanged("grace@example.com"))
    await persistence.flush()
    let written = try members(storage["preferences"])
    let expected = try Preferences.persisted.savedMembers(of: store.state)
    for (key, json) in expected {
      let value = try #require((written[key] as? [String: Any])?["value"])
      let text = try JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed)
      #expect(String(decoding: text, as: UTF8.self) == json, "\(key)")
    }
    #expect(try Preferences.persisted.restored(Preferences.State(), from: storage) == store.state)
  }

  @Test func aFileThatCannotBeUsedIsSaidWhy() throws {
    let storage = InMemoryStateStorage(["preferences": Data("{".utf8)])
    let error = #expect(throws: (any Error).self) {
      try Preferences.persisted.restored(Preferences.State(), from: storage)
    }
    #expect("\(error!)".contains("not a state file"))
    // Reading moved nothing.
    #expect(storage.names == ["preferences"])
  }

  @Test func aSecretIsRefusedBySavedMembers() throws {
    #expect(throws: EncodingError.self) {
      try Account.persisted.savedMembers(of: Account.State())
    }
  }
}
