import Foundation
import Testing
import Users

/// The users presenter's state, intents and side effects survive a JSON round trip, as a
/// recording needs.
@Suite struct UsersCodableTests {
  static let users = [
    User.sample(id: 1, name: "Ada Lovelace"), User.sample(id: 2, name: "Grace Hopper"),
  ]

  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  @Test func aLoadedStateRoundTrips() throws {
    var state = UsersPresenter.State()
    state.users = Self.users
    state.isLoading = true
    state.errorMessage = "The server answered 500."
    state.selection = 1
    #expect(try roundTrip(state) == state)
    #expect(try roundTrip(UsersPresenter.State()) == UsersPresenter.State())
  }

  @Test func everyIntentAndSideEffectRoundTrips() throws {
    let intents: [UsersPresenter.Intent] = [
      .appeared, .retryTapped,
      .usersLoaded(UserList(users: Self.users, skipped: ["user 3: field 'email' is missing"])),
      .usersLoaded([]), .loadFailed("Timeout."),
      .selectionMoved(4), .userPicked,
    ]
    #expect(try roundTrip(intents) == intents)
    let sideEffects: [UsersPresenter.SideEffect] = [.showDetail(Self.users[1])]
    #expect(try roundTrip(sideEffects) == sideEffects)
  }
}
