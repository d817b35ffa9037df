import Foundation
import MVIKit
import MVIKitPersistence
import Testing

@MainActor
@Suite struct StatePersistenceTests {
  func store(
    _ storage: InMemoryStateStorage, delay: Duration = .milliseconds(20)
  ) -> (Store<Preferences>, StatePersistence<Preferences>) {
    let persistence = StatePersistence(Preferences.persisted, in: storage, savingAfter: delay)
    let store = Store(
      initialState: Preferences.State(), model: Preferences(), attaching: [persistence])
    return (store, persistence)
  }

  @Test func theStoreStartsFromTheSavedMembersBeforeAnythingIsSent() throws {
    let storage = InMemoryStateStorage([
      "preferences": try stateFile([
        "email": (1, "ada@example.com"), "filter": (2, "active"),
      ])
    ])
    let (store, _) = store(storage)
    #expect(store.email == "ada@example.com")
    #expect(store.filter == .active)
    #expect(store.problems.isEmpty)
  }

  @Test func changedMembersAreSavedAndReadBackByTheNextLaunch() async throws {
    let storage = InMemoryStateStorage()
    let (store, persistence) = store(storage)
    store.send(.emailChanged("grace@example.com"))
    store.send(.filterChanged(.done))
    await persistence.flush()
    let saved = try members(storage["preferences"])
    #expect((saved["email"] as? [String: Any])?["value"] as? String == "grace@example.com")
    #expect((saved["filter"] as? [String: Any])?["version"] as? Int == 2)
    let (relaunched, _) = self.store(storage)
    #expect(relaunched.email == "grace@example.com")
    #expect(relaunched.filter == .done)
  }

  @Test func aBurstOfAThousandIntentsIsWrittenOnceAfterTheDelay() async {
    let storage = InMemoryStateStorage()
    let (store, _) = store(storage, delay: .milliseconds(50))
    for index in 0..<1_000 { store.send(.emailChanged("user\(index)@example.com")) }
    #expect(storage.writeCount == 0)
    #expect(await eventually { storage.writeCount == 1 })
    // Nothing changed since: no second write.
    try? await Task.sleep(for: .milliseconds(150))
    #expect(storage.writeCount == 1)
    store.send(.emailChanged("last@example.com"))
    #expect(await eventually { storage.writeCount == 2 })
  }

  @Test func aChangeUndoneBeforeTheSaveWritesNothing() async {
    let storage = InMemoryStateStorage()
    let (store, persistence) = store(storage)
    store.send(.emailChanged("a@example.com"))
    await persistence.flush()
    #expect(storage.writeCount == 1)
    store.send(.emailChanged("b@example.com"))
    store.send(.emailChanged("a@example.com"))
    // A member that does not persist changes nothing saved.
    store.send(.passwordChanged("hunter2"))
    await persistence.flush()
    #expect(storage.writeCount == 1)
  }

  @Test func aVersion1ValueIsMigratedToVersion2() throws {
    let storage = InMemoryStateStorage([
      "preferences": try stateFile(["email": (1, "ada@example.com"), "filter": (1, true)])
    ])
    let (store, _) = store(storage)
    #expect(store.filter == .done)
    #expect(store.email == "ada@example.com")
  }

  @Test(arguments: [
    Data("{\"mvikitState\": 1, \"members\": {\"email\": {\"vers".utf8),
    Data("not json at all".utf8),
    Data("{\"someone\": \"else's file\"}".utf8),
  ])
  func anUnreadableFileIsMovedAsideTheDefaultsUsedAndTheModelToldOnce(file: Data) async {
    let storage = InMemoryStateStorage(["preferences": file])
    let (store, persistence) = store(storage)
    #expect(store.email == "")
    #expect(await eventually { !store.problems.isEmpty })
    let problem = store.problems[0]
    guard case .unreadable(let aside) = problem.kind else {
      Issue.record("expected an unreadable file, got \(problem.kind)")
      return
    }
    #expect(aside.hasPrefix("preferences.corrupt-"))
    #expect(storage[aside] == file)
    #expect(problem.message.contains("could not be used"))
    #expect(problem.message.contains(aside))
    // The next save starts a new file; the one moved aside is kept.
    store.send(.emailChanged("new@example.com"))
    await persistence.flush()
    #expect(storage["preferences"] != nil)
    #expect(storage[aside] == file)
    try? await Task.sleep(for: .milliseconds(20))
    #expect(store.problems.count == 1)
  }

  @Test(arguments: [
    // Cut off mid-write, wherever the cut falls.
    ("{\"mvikitState\": 1, \"members\": {\"email\": {\"vers", "it is incomplete"),
    ("{\"mvikitState\"", "it is incomplete"),
    ("  {\n  \"mvikitState\": 1, \"mem", "it is incomplete"),
    ("", "it is empty"),
    ("not json at all", "it is not a state file written by this app"),
    ("{\"someone\": \"else's file\"", "it is not a state file written by this app"),
  ])
  func anUnreadableFileSaysWhyInOneSentence(file: String, reason: String) async {
    let storage = InMemoryStateStorage(["preferences": Data(file.utf8)])
    let (store, _) = store(storage)
    #expect(await eventually { !store.problems.isEmpty })
    let message = store.problems.first?.message ?? ""
    #expect(message.contains("could not be used: \(reason)"))
    #expect(!message.contains(".."))
  }

  @Test func aMemberThatNoLongerDecodesMovesTheFileAsideAndKeepsNothingHalfRead() async throws {
    let file = try stateFile(["email": (1, "ada@example.com"), "filter": (2, "sideways")])
    let storage = InMemoryStateStorage(["preferences": file])
    let (store, _) = store(storage)
    // The email decoded before the filter failed; the state starts from its defaults anyway.
    #expect(store.email == "")
    #expect(await eventually { !store.problems.isEmpty })
    #expect(store.problems[0].message.contains("\"filter\" does not decode"))
    #expect(!store.problems[0].message.contains("sideways"))
  }

  @Test func aFileFromANewerVersionIsMovedAsideNotOverwritten() async throws {
    let file = try stateFile(["email": (1, "ada@example.com"), "filter": (3, ["kind": "all"])])
    let message = await expectMovedAsideAsNewer(file)
    #expect(message?.contains("newer version of the app (version 3") == true)
  }

  /// Starts a store from `file`, expects it moved aside, kept, and said to be from a newer
  /// version; returns what the model was told.
  func expectMovedAsideAsNewer(_ file: Data) async -> String? {
    let storage = InMemoryStateStorage(["preferences": file])
    let (store, _) = store(storage)
    #expect(await eventually { !store.problems.isEmpty })
    guard let problem = store.problems.first, case .newerVersion(let aside) = problem.kind else {
      Issue.record("expected a newer version, got \(store.problems)")
      return nil
    }
    #expect(storage[aside] == file)
    return problem.message
  }

  @Test func membersThisAppDoesNotKnowAreWrittenBack() async throws {
    let storage = InMemoryStateStorage([
      "preferences": try stateFile(["email": (1, "a@example.com"), "theme": (4, ["dark": true])])
    ])
    let (store, persistence) = store(storage)
    store.send(.emailChanged("b@example.com"))
    await persistence.flush()
    let saved = try members(storage["preferences"])
    let theme = try #require(saved["theme"] as? [String: Any])
    #expect(theme["version"] as? Int == 4)
    #expect((theme["value"] as? [String: Any])?["dark"] as? Bool == true)
  }
}

extension StatePersistenceTests {
  @Test func nothingIsWrittenUntilSomethingDiffersFromTheDefaults() async {
    let storage = InMemoryStateStorage()
    let (store, persistence) = store(storage)
    store.send(.passwordChanged("not persisted"))
    store.send(.emailChanged(""))
    await persistence.flush()
    #expect(storage.writeCount == 0)
    #expect(storage.names.isEmpty)
    store.send(.emailChanged("a@example.com"))
    await persistence.flush()
    #expect(storage.writeCount == 1)
  }
}

extension StatePersistenceTests {
  @Test func aFileOfALaterFormatIsANewerVersionNotACorruptOne() async throws {
    let file = Data(#"{"mvikitState": 2, "sections": {"email": "ada@example.com"}}"#.utf8)
    let message = await expectMovedAsideAsNewer(file)
    #expect(message?.contains("newer version of the app (version 2") == true)
  }
}
