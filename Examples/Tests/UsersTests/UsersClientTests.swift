import DemoServer
import Foundation
import Testing
import Users

@Suite("UsersClient against the real demo server")
struct UsersClientTests {
  static func configuration(_ faults: [String: Fault] = [:]) -> DemoServer.Configuration {
    DemoServer.Configuration(faults: faults, bcryptCost: 4)
  }

  @Test func fetchesTheTenUsers() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let list = try await UsersClient(baseURL: server.baseURL).fetchUsers()
      #expect(list.skipped.isEmpty)
      let users = list.users
      #expect(users.count == 10)
      #expect(users.map(\.id) == DemoUser.fixtures.map(\.id))
      #expect(users.map(\.name) == DemoUser.fixtures.map(\.name))
      let first = try #require(users.first)
      let fixture = DemoUser.fixtures[0]
      #expect(first.address.geo.lat == fixture.address.geo.lat)
      #expect(first.company.catchPhrase == fixture.company.catchPhrase)
    }
  }

  @Test func fetchesOneUser() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let user = try await UsersClient(baseURL: server.baseURL).fetchUser(id: 5)
      #expect(user.id == 5)
      #expect(user.email == DemoUser.fixtures[4].email)
    }
  }

  @Test func aRateLimitSaysHowLongToWaitAndLifts() async throws {
    let limited = Self.configuration(["/users": .rateLimited(retryAfter: "7", times: 1)])
    try await DemoServer.withServer(limited) { server in
      let client = UsersClient(baseURL: server.baseURL)
      await #expect(throws: UsersError.rateLimited(retryAfter: 7)) { try await client.fetchUsers() }
      let lifted = try await client.fetchUsers()
      #expect(lifted.users.count == 10)
    }
    let unsaid = Self.configuration(["/users": .rateLimited(retryAfter: nil, times: 1)])
    try await DemoServer.withServer(unsaid) { server in
      await #expect(throws: UsersError.rateLimited(retryAfter: nil)) {
        try await UsersClient(baseURL: server.baseURL).fetchUsers()
      }
    }
  }

  @Test func serverErrorIsHTTP500() async throws {
    try await DemoServer.withServer(Self.configuration(["/users": .status(500)])) { server in
      await #expect(throws: UsersError.http(500)) {
        try await UsersClient(baseURL: server.baseURL).fetchUsers()
      }
    }
  }

  @Test func missingRouteAndMissingUserAre404() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let wrongURL = UsersClient(usersURL: server.url("/people"))
      await #expect(throws: UsersError.http(404)) { try await wrongURL.fetchUsers() }
      let client = UsersClient(baseURL: server.baseURL)
      await #expect(throws: UsersError.http(404)) { try await client.fetchUser(id: 99) }
    }
  }

  @Test func malformedJSONIsMalformed() async throws {
    try await DemoServer.withServer(Self.configuration(["/users": .malformedJSON])) { server in
      let error = await #expect(throws: UsersError.self) {
        try await UsersClient(baseURL: server.baseURL).fetchUsers()
      }
      guard case .malformed(let reason) = error else {
        Issue.record("expected .malformed, got \(String(describing: error))")
        return
      }
      #expect(reason == "it is not valid JSON")
    }
  }

  @Test func wrongShapeIsMalformedNamingTheField() async throws {
    // `/users/1` is one object, not the array that a users list must be.
    try await DemoServer.withServer(Self.configuration()) { server in
      let client = UsersClient(usersURL: server.url("/users/1"))
      let error = await #expect(throws: UsersError.self) { try await client.fetchUsers() }
      guard case .malformed = error else {
        Issue.record("expected .malformed, got \(String(describing: error))")
        return
      }
    }
  }

  /// A server closing in the middle of its answer sent nothing wrong in its format: the user
  /// is told the answer was cut off, and to try again.
  @Test func aBodyCutOffIsSaidToBeCutOffNotMalformed() async throws {
    try await DemoServer.withServer(Self.configuration(["/users": .truncatedBody])) { server in
      let error = await #expect(throws: UsersError.self) {
        try await UsersClient(baseURL: server.baseURL).fetchUsers()
      }
      #expect(error == .cutOff)
      #expect(
        error?.description
          == "The connection closed before all the users arrived. Please try again.")
    }
  }

  @Test func slowServerTimesOut() async throws {
    let slow = Self.configuration(["/users": .delay(.seconds(60))])
    try await DemoServer.withServer(slow) { server in
      let client = UsersClient(baseURL: server.baseURL, timeout: .milliseconds(300))
      await #expect(throws: UsersError.timeout) { try await client.fetchUsers() }
    }
  }

  @Test func aSubSecondTimeoutStillLetsAFastAnswerThrough() async throws {
    // swift-corelibs-foundation rounds URLSession timeouts down to whole seconds; the client
    // must not inherit that and fail at once.
    try await DemoServer.withServer(Self.configuration()) { server in
      let client = UsersClient(baseURL: server.baseURL, timeout: .milliseconds(800))
      let start = ContinuousClock.now
      do {
        let users = try await client.fetchUsers().users
        #expect(users.count == 10)
      } catch UsersError.timeout {
        // A machine under load may answer late; a timeout rounded down to zero fires at once.
        #expect(ContinuousClock.now - start >= .milliseconds(700), "timed out at once")
      }
    }
  }

  @Test func cancellingTheTaskThrowsCancellationError() async throws {
    let slow = Self.configuration(["/users": .delay(.seconds(60))])
    try await DemoServer.withServer(slow) { server in
      let client = UsersClient(baseURL: server.baseURL, timeout: .seconds(60))
      let task = Task { try await client.fetchUsers() }
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
    }
  }

  @Test func stoppedServerIsUnreachable() async throws {
    let server = try await DemoServer.start(Self.configuration())
    await server.stop()
    let error = await #expect(throws: UsersError.self) {
      try await UsersClient(baseURL: server.baseURL, timeout: .seconds(10)).fetchUsers()
    }
    guard case .unreachable(let reason) = error else {
      Issue.record("expected .unreachable, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("127.0.0.1"))
  }

  @Test func usersURLIsConfigurable() {
    var client = UsersClient.jsonPlaceholder()
    #expect(client.usersURL.absoluteString == "https://jsonplaceholder.typicode.com/users")
    client.usersURL = URL(filePath: "/unused")
    client.timeout = .seconds(2)
    #expect(client.timeout == .seconds(2))
  }

  @Test(arguments: [
    UsersError.http(404), .http(500), .http(418), .malformed("it is not valid JSON"), .timeout,
    .unreachable("127.0.0.1 refused the connection."),
  ])
  func errorsReadWell(error: UsersError) {
    let text = error.description
    #expect(text.first?.isUppercase == true)
    #expect(text.hasSuffix("."))
  }
}
