import Foundation
import MVIKit
import MVIKitPersistence
import Testing

/// A model with two persisted members, one of them migrated from a version 1 that kept a flag,
/// a secret that never persists, and an intent that hears of problems.
struct Preferences: Model {
  enum Filter: String, Codable, Sendable {
    case all, active, done
  }

  struct State: Equatable, Sendable {
    var email = ""
    var filter = Filter.all
    var password = Secret("")
    var problems: [PersistenceProblem] = []
  }

  enum Intent: Equatable, Sendable {
    case emailChanged(String)
    case filterChanged(Filter)
    case passwordChanged(String)
    case persistenceFailed(PersistenceProblem)
  }

  static let persisted = PersistedState<Preferences>(
    "preferences",
    .member(\.email, key: "email"),
    // Version 1 kept a flag, "show done only".
    .member(
      \.filter, key: "filter", version: 2,
      migrations: [PersistedMigration(from: 1, as: Bool.self) { $0 ? .done : .all }]),
    problem: Intent.persistenceFailed)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .emailChanged(let email): state.email = email
    case .filterChanged(let filter): state.filter = filter
    case .passwordChanged(let password): state.password = Secret(password)
    case .persistenceFailed(let problem): state.problems.append(problem)
    }
    return .none
  }
}

/// A state file's bytes with `members`, each a version and a JSON value.
func stateFile(_ members: [String: (version: Int, value: Any)]) throws -> Data {
  try JSONSerialization.data(
    withJSONObject: [
      "mvikitState": 1,
      "members": members.mapValues { ["version": $0.version, "value": $0.value] },
    ], options: .fragmentsAllowed)
}

/// The members of a state file, as JSON values.
func members(_ data: Data?) throws -> [String: Any] {
  let data = try #require(data)
  let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  return try #require(object["members"] as? [String: Any])
}

/// Waits for `condition`, polling; false after `timeout`.
///
/// The timeout is only how long a broken test takes to fail: a passing one returns as soon as
/// the condition holds. 5 s was too short beside a loaded machine's other suites (`make
/// test-load` saw the launch report of a left-out secret take longer), so it is 60 s.
@MainActor
func eventually(
  within timeout: Duration = .seconds(60), _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}
