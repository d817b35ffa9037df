import Foundation
import MVIKitTesting
import Testing

@testable import Users

/// User lists of shapes this sample did not write: one incomplete user costs that user only,
/// and a list wrapped in an object is named as such.
@Suite struct UserListTests {
  /// Ten users as jsonplaceholder sends them, with the fourth one's email left out.
  static func tenUsers(droppingEmailOf dropped: Int?) throws -> Data {
    let users = (1...10).map { id -> [String: Any] in
      var user: [String: Any] = [
        "id": id, "name": "User \(id)", "username": "user\(id)", "email": "u\(id)@example.com",
        "phone": "1", "website": "example.com",
        "address": [
          "street": "s", "suite": "1", "city": "c", "zipcode": "1",
          "geo": ["lat": "0", "lng": "0"],
        ],
        "company": ["name": "Co", "catchPhrase": "p", "bs": "b"],
      ]
      if id == dropped { user["email"] = nil }
      return user
    }
    return try JSONSerialization.data(withJSONObject: users)
  }

  @Test func oneIncompleteUserIsSkippedAndTheOthersShow() throws {
    let list = try UsersClient.userList(from: Self.tenUsers(droppingEmailOf: 4))
    #expect(list.users.map(\.id) == [1, 2, 3, 5, 6, 7, 8, 9, 10])
    #expect(list.skipped == ["user 4: field 'email' is missing"])
    #expect(
      list.skippedSummary
        == "Skipped 1 of 10 users that could not be read: user 4: field 'email' is missing.")
  }

  @Test func aCompleteListSkipsNone() throws {
    let list = try UsersClient.userList(from: Self.tenUsers(droppingEmailOf: nil))
    #expect(list.users.count == 10)
    #expect(list.skippedSummary == nil)
  }

  @Test func aListWrappedInAnObjectSaysAListWasExpectedAtTheTop() throws {
    let users = try JSONSerialization.jsonObject(with: Self.tenUsers(droppingEmailOf: nil))
    let wrapped = try JSONSerialization.data(withJSONObject: ["users": users])
    #expect(
      throws: UsersError.malformed(
        "a list of users was expected at the top, but it is an object (its \"users\" member is an array)"
      )
    ) {
      try UsersClient.userList(from: wrapped)
    }
    #expect(throws: UsersError.malformed("it is not valid JSON")) {
      try UsersClient.userList(from: Data("[{".utf8))
    }
  }

  @Test @MainActor func thePresenterSaysHowManyUsersWereSkipped() async {
    let list = UserList(users: [], skipped: ["user 1: field 'name' is missing"])
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { list })))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.usersLoaded(list)) {
      $0.isLoading = false
      $0.skippedNote =
        "Skipped 1 of 1 users that could not be read: user 1: field 'name' is missing."
    }
    await store.finish()
  }
}
