import Foundation
import MVIKit
import MVIKitPersistence
import Testing

/// An account whose token is a secret, persisted as a whole by mistake.
struct Account: Model {
  struct Login: Codable, Equatable, Sendable {
    var name = ""
    var token = Secret("")
  }
  struct State: Equatable, Sendable {
    var login = Login()
    var problems: [PersistenceProblem] = []
  }
  enum Intent: Equatable, Sendable {
    case loggedIn(String, token: String)
    case persistenceFailed(PersistenceProblem)
  }

  static let persisted = PersistedState<Account>(
    "account", .member(\.login, key: "login"), problem: Intent.persistenceFailed)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .loggedIn(let name, let token): state.login = Login(name: name, token: Secret(token))
    case .persistenceFailed(let problem): state.problems.append(problem)
    }
    return .none
  }
}

@MainActor
@Suite struct SecretAndFailureTests {
  @Test func aMemberHoldingASecretIsLeftOutAndTheModelIsToldAtLaunch() async throws {
    let storage = InMemoryStateStorage()
    let persistence = StatePersistence(Account.persisted, in: storage)
    let store = Store(initialState: Account.State(), model: Account(), attaching: [persistence])
    #expect(await eventually { !store.problems.isEmpty })
    #expect(store.problems[0].kind == .secretLeftOut(key: "login"))
    #expect(store.problems[0].message.contains("holds a Secret, which never persists"))
    store.send(.loggedIn("ada", token: "s3cr3t-t0ken"))
    await persistence.flush()
    let saved = String(decoding: storage["account"] ?? Data(), as: UTF8.self)
    #expect(!saved.contains("s3cr3t"))
    #expect(!saved.contains("login"))
    #expect(store.problems.count == 1)
  }

  @Test func aFailedSaveIsToldOnceAndTheNextChangeTriesAgain() async throws {
    let base = FileManager.default.temporaryDirectory.appending(path: "mvikit-\(UUID())")
    defer { try? FileManager.default.removeItem(at: base) }
    // A file where the storage's folder should be: no folder can be made there.
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let folder = base.appending(path: "state")
    try Data("in the way".utf8).write(to: folder)
    let storage = FileStateStorage(folder: folder)
    let persistence = StatePersistence(Preferences.persisted, in: storage)
    let store = Store(
      initialState: Preferences.State(), model: Preferences(), attaching: [persistence])
    store.send(.emailChanged("a@example.com"))
    await persistence.flush()
    store.send(.emailChanged("b@example.com"))
    await persistence.flush()
    #expect(await eventually { !store.problems.isEmpty })
    try? await Task.sleep(for: .milliseconds(20))
    #expect(store.problems.count == 1)
    #expect(store.problems[0].kind == .saveFailed)
    #expect(store.problems[0].message.contains(folder.path))
    // The system's reason ends with a full stop of its own; the sentence has one.
    #expect(!store.problems[0].message.contains(".."))
    #expect(store.problems[0].message.hasSuffix("It is tried again after the next change."))
    // The way is cleared: the next change is saved.
    try FileManager.default.removeItem(at: folder)
    store.send(.emailChanged("c@example.com"))
    await persistence.flush()
    let saved = try members(storage.read("preferences"))
    #expect((saved["email"] as? [String: Any])?["value"] as? String == "c@example.com")
  }
}
