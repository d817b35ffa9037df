import Foundation
import MVIKitTesting
import Testing

@testable import Users

/// Random view events and fetch results in any order never break the presenter's state.
@Suite struct UsersFuzzTests {
  @Test func presenterKeepsItsInvariants() {
    let users = (1...12).map { User.sample(id: $0, name: "User \($0)") }
    let report = IntentFuzzer(
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { UserList(users: users) })),
      initialState: UsersPresenter.State(),
      generate: { random in
        switch Int.random(in: 0..<7, using: &random) {
        case 0: .appeared
        case 1: .retryTapped
        case 2:
          .usersLoaded(UserList(users: Array(users.prefix(Int.random(in: 0...12, using: &random)))))
        case 3: .loadFailed("HTTP 500")
        case 4: .selectionMoved(Int.random(in: -3...15, using: &random))
        case 5: .userPicked
        default: .selectionMoved(0)
        }
      },
      invariant: { state in
        if state.users.isEmpty, state.selection != 0 { return "selection without users" }
        if !state.users.isEmpty, !state.users.indices.contains(state.selection) {
          return "selection \(state.selection) outside \(state.users.count) users"
        }
        return nil
      }
    ).run(steps: fuzzSteps, seed: 2_002)
    #expect(report.violation == nil)
  }
}

/// Regular runs use a few thousand intents; `make soak` sets `MVIKIT_FUZZ_STEPS=1000000`.
let fuzzSteps = ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000
