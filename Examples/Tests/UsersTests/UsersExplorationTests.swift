import MVIKit
import MVIKitTesting
import Testing

@testable import Users

/// A reload racing the pick of a user, under every order in which the list answers.
@MainActor
@Suite struct UsersExplorationTests {
  @Test func aReloadThatShrinksTheListKeepsTheSelectionOnAUserInAnyOrder() async {
    let ada = UsersPresenterTests.ada
    let grace = UsersPresenterTests.grace
    var loaded = UsersPresenter.State()
    loaded.users = [ada, grace]
    loaded.selection = 1
    // The reload answers with a shorter list: Grace has left.
    let explorer = ScheduleExplorer(
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [ada] })),
      initialState: loaded)
    let report = await explorer.explore(
      [.retryTapped, .userPicked, .selectionMoved(1), .userPicked],
      invariant: { state in
        state.users.indices.contains(state.selection)
          ? nil : "selection \(state.selection) is outside \(state.users.count) users"
      },
      finally: { state in
        !state.isLoading && state.users == [ada] && state.selection == 0
          ? nil : "ends with \(state.users.count) users, selection \(state.selection)"
      })
    #expect(report.failure == nil)
    // The list's answer before each of the three later intents, or after all of them.
    #expect(report.schedules == 4)
  }
}
