import Foundation
import MVIKitTesting
import Testing

@testable import Users

/// User lists of shapes this sample did not write: one incomplete user costs that user only,
/// and a list wrapped in an object is named as such.
@Suite struct UserListTests {
  /// Ten users as jsonplaceholder sends them, with one's name and username left out.
  static func tenUsers(droppingNameOf dropped: Int?) throws -> Data {
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
      if id == dropped {
        user["name"] = nil
        user["username"] = nil
      }
      return user
    }
    return try JSONSerialization.data(withJSONObject: users)
  }

  @Test func oneIncompleteUserIsSkippedAndTheOthersShow() throws {
    let list = try UsersClient.userList(from: Self.tenUsers(droppingNameOf: 4))
    #expect(list.users.map(\.id) == [1, 2, 3, 5, 6, 7, 8, 9, 10])
    #expect(list.skipped == ["user 4: field 'name' is missing"])
    #expect(
      list.skippedSummary
        == "Skipped 1 of 10 users that could not be read: user 4: field 'name' is missing.")
  }

  @Test func aCompleteListSkipsNone() throws {
    let list = try UsersClient.userList(from: Self.tenUsers(droppingNameOf: nil))
    #expect(list.users.count == 10)
    #expect(list.skippedSummary == nil)
  }

  @Test func aListWrappedInAnObjectIsRead() throws {
    let users = try JSONSerialization.jsonObject(with: Self.tenUsers(droppingNameOf: nil))
    for wrapper in ["users", "data", "whatever"] {
      let wrapped = try JSONSerialization.data(
        withJSONObject: [wrapper: users, "total": 10, "page": ["n": 1]])
      #expect(try UsersClient.userList(from: wrapped).users.count == 10, "\(wrapper)")
    }
    // Several lists and none by a known name: which one is meant cannot be told.
    let ambiguous = try JSONSerialization.data(withJSONObject: ["a": users, "b": users])
    #expect(
      throws: UsersError.malformed(
        "a list of users was expected, but the object at the top holds several lists "
          + "(\"a\", \"b\") and none is named users, data, results or items")
    ) {
      try UsersClient.userList(from: ambiguous)
    }
    #expect(throws: UsersError.malformed("it is not valid JSON")) {
      try UsersClient.userList(from: Data("[{".utf8))
    }
  }

  @Test func numbersNumericStringsAndNullOptionalsAreRead() throws {
    let body = Data(
      #"""
      [{"id": "7", "name": "Ana", "username": "ana", "email": "a@x.org", "phone": null,
        "website": null, "address": {"street": "Rua 1", "suite": null, "city": "Porto",
        "zipcode": 4000, "geo": {"lat": 41.15, "lng": -8.61}}, "company": null}]
      """#.utf8)
    let list = try UsersClient.userList(from: body)
    #expect(list.skipped == [])
    let user = try #require(list.users.first)
    #expect(user.id == 7)
    #expect(user.phone == "" && user.website == "")
    #expect(user.address.zipcode == "4000")
    #expect(user.address.geo == User.Address.Geo(lat: "41.15", lng: "-8.61"))
    #expect(user.company.name == "")
  }

  @Test func dummyJSONAndReqresUsersAreRead() throws {
    let dummyJSON = Data(
      #"""
      {"users": [{"id": 1, "firstName": "Emily", "lastName": "Johnson", "username": "emilys",
        "email": "emily.johnson@x.dummyjson.com", "phone": "+81 965-431-3024",
        "address": {"address": "626 Main Street", "city": "Phoenix", "postalCode": "29112",
          "coordinates": {"lat": -77.16213, "lng": -92.084824}},
        "company": {"name": "Dooley, Kozey and Cronin", "title": "Sales Manager"}}],
       "total": 208, "skip": 0, "limit": 30}
      """#.utf8)
    let emily = try #require(try UsersClient.userList(from: dummyJSON).users.first)
    #expect(emily.name == "Emily Johnson")
    #expect(emily.address.street == "626 Main Street" && emily.address.zipcode == "29112")
    #expect(emily.address.geo.lat == "-77.16213")
    #expect(emily.company.name == "Dooley, Kozey and Cronin")
    let reqres = Data(
      #"""
      {"page": 1, "per_page": 6, "total": 12,
       "data": [{"id": 1, "email": "george.bluth@reqres.in", "first_name": "George",
         "last_name": "Bluth", "avatar": "https://reqres.in/img/faces/1-image.jpg"}],
       "support": {"url": "https://reqres.in/#support-heading"}}
      """#.utf8)
    let george = try #require(try UsersClient.userList(from: reqres).users.first)
    #expect(george.name == "George Bluth")
    #expect(george.email == "george.bluth@reqres.in")
  }

  @Test func aUserWithoutANameIsSkippedAndOneWithoutAnIdIsNumbered() throws {
    let body = Data(
      #"""
      [{"id": 1, "name": "A", "email": "a@x"}, {"name": "B"},
       {"id": "x2", "name": "C", "email": "c@x"}, {"id": 4, "email": "d@x"}]
      """#.utf8)
    let list = try UsersClient.userList(from: body)
    #expect(list.users.map(\.name) == ["A", "B", "C"])
    // Numbered on from the largest id read, so that no two users share one.
    #expect(list.users.map(\.id) == [1, 2, 3])
    #expect(list.users[1].email == "")
    #expect(list.skipped == ["user 4: field 'name' is missing"])
  }

  @Test func randomUserMeUsersAreRead() throws {
    let body = Data(
      #"""
      {"results": [{"gender": "female", "name": {"title": "Ms", "first": "Aada", "last": "Lehto"},
        "location": {"street": {"number": 8929, "name": "Hämeenkatu"}, "city": "Kemi",
          "state": "Lapland", "country": "Finland", "postcode": 11556,
          "coordinates": {"latitude": "-57.5219", "longitude": "-125.8712"}},
        "email": "aada.lehto@example.com",
        "login": {"uuid": "0f3a9a4e-2a7b-4d7c-9f1c-1f6f1c2b8e11", "username": "bigbird771"},
        "phone": "03-215-384", "cell": "043-772-54-43", "id": {"name": "HETU", "value": null}},
       {"name": {"title": "Mr", "first": "Jesse", "last": "Hanka"}, "email": "jesse@example.com",
        "login": {"uuid": "5b1f0c77-8d6e-4a3f-b2d4-6a0e9c3f7d21", "username": "orangefish"},
        "cell": "044-101-22-33", "id": {"name": "HETU", "value": "NaNNA213undefined"}}],
       "info": {"seed": "56d27f4a53bd5441", "results": 2, "page": 1, "version": "1.4"}}
      """#.utf8)
    let list = try UsersClient.userList(from: body)
    #expect(list.skipped == [])
    #expect(list.users.map(\.name) == ["Aada Lehto", "Jesse Hanka"])
    #expect(list.users.map(\.username) == ["bigbird771", "orangefish"])
    #expect(list.users.map(\.id) == [1, 2])
    let aada = list.users[0]
    #expect(aada.address.street == "8929 Hämeenkatu" && aada.address.zipcode == "11556")
    #expect(aada.address.geo == User.Address.Geo(lat: "-57.5219", lng: "-125.8712"))
    #expect(aada.phone == "03-215-384" && list.users[1].phone == "044-101-22-33")
  }

  @Test func gitHubUsersAreReadWithTheirLoginAsTheirName() throws {
    let body = Data(
      #"""
      [{"login": "mojombo", "id": 1, "node_id": "MDQ6VXNlcjE=",
        "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4",
        "html_url": "https://github.com/mojombo", "type": "User", "site_admin": false},
       {"login": "defunkt", "id": 2, "html_url": "https://github.com/defunkt", "type": "User"}]
      """#.utf8)
    let list = try UsersClient.userList(from: body)
    #expect(list.skipped == [])
    #expect(list.users.map(\.name) == ["mojombo", "defunkt"])
    #expect(list.users.map(\.username) == ["mojombo", "defunkt"])
    #expect(list.users.map(\.id) == [1, 2])
    #expect(list.users[0].website == "https://github.com/mojombo")
    #expect(list.users[0].email == "")
  }

  @Test func recordsWithNothingOfAUserAreAnUnsupportedFormat() {
    let body = Data(#"[{"sku": "A-1", "price": 3}, {"sku": "B-2", "price": 5}]"#.utf8)
    #expect(
      throws: UsersError.unsupported(
        "none of its 2 entries could be read as a user. A user needs a name: "
          + #""name" (text, or "first" and "last"), "first_name" and "last_name", "#
          + #""firstName" and "lastName", "username" or "login". The first entry: "#
          + "field 'name' is missing")
    ) {
      try UsersClient.userList(from: body)
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
