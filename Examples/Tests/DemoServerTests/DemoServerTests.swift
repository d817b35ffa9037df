import Foundation
import Testing

@testable import DemoServer

@Suite("DemoServer")
struct DemoServerTests {
  static let fast = DemoServer.Configuration(bcryptCost: 4)

  @Test func usersHaveTheJSONPlaceholderShapeAndCountTen() async throws {
    try await DemoServer.withServer(Self.fast) { server in
      let result = try await send(server.url("/users"))
      #expect(result.status == 200)
      let users = try #require(try result.json() as? [[String: Any]])
      #expect(users.count == 10)
      for user in users {
        #expect(Set(user.keys) == userKeys)
        let address = try #require(user["address"] as? [String: Any])
        #expect(Set(address.keys) == ["street", "suite", "city", "zipcode", "geo"])
        let geo = try #require(address["geo"] as? [String: Any])
        #expect(geo["lat"] is String && geo["lng"] is String)
        let company = try #require(user["company"] as? [String: Any])
        #expect(Set(company.keys) == ["name", "catchPhrase", "bs"])
      }
      #expect(users.map { $0["id"] as? Int } == Array(1...10))
    }
  }

  @Test func oneUserByIDOr404() async throws {
    try await DemoServer.withServer(Self.fast) { server in
      let found = try await send(server.url("/users/3"))
      #expect(found.status == 200)
      let user = try JSONDecoder().decode(DemoUser.self, from: found.body)
      #expect(user == DemoUser.fixtures[2])

      for missing in ["/users/11", "/users/0", "/users/abc"] {
        let result = try await send(server.url(missing))
        #expect(result.status == 404)
        let body = try #require(try result.json() as? [String: String])
        #expect(body["error"]?.isEmpty == false)
      }
    }
  }

  @Test func loginWithTheDemoAccountSucceeds() async throws {
    try await DemoServer.withServer(Self.fast) { server in
      let result = try await send(
        server.url("/login"), method: "POST",
        body: #"{"email": "demo@mvikit.dev", "password": "mvikit-demo-42"}"#)
      #expect(result.status == 200)
      let body = try #require(try result.json() as? [String: String])
      #expect(body["name"] == DemoAccount.name)
      #expect(body["email"] == DemoAccount.email)
      let token = try #require(body["token"])
      #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
    }
  }

  @Test(arguments: [
    #"{"email": "demo@mvikit.dev", "password": "wrong"}"#,
    #"{"email": "demo@mvikit.dev", "password": ""}"#,
    #"{"email": "nobody@mvikit.dev", "password": "mvikit-demo-42"}"#,
  ])
  func wrongCredentialsAre401(body: String) async throws {
    try await DemoServer.withServer(Self.fast) { server in
      let result = try await send(server.url("/login"), method: "POST", body: body)
      #expect(result.status == 401)
      let error = try #require(try result.json() as? [String: String])
      #expect(error == ["error": "Wrong email or password"])
    }
  }

  @Test(arguments: ["", "not json", "{}", #"{"email": 1, "password": 2}"#, "[]"])
  func malformedLoginBodyIs400(body: String) async throws {
    try await DemoServer.withServer(Self.fast) { server in
      let result = try await send(server.url("/login"), method: "POST", body: body)
      #expect(result.status == 400)
      let error = try #require(try result.json() as? [String: String])
      #expect(error["error"]?.isEmpty == false)
    }
  }

  @Test func bindsToLoopback127001Only() async throws {
    try await DemoServer.withServer(Self.fast) { server in
      #expect(server.baseURL.host() == "127.0.0.1")
      #expect(server.port > 0)
      #if os(Linux)
        // The kernel's socket table says which address the listener is bound to.
        // Parallel tests can make the same listener show up twice; every entry must be loopback.
        let addresses = try listeningAddresses(port: server.port)
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0 == "0100007F" }, "listening on \(addresses)")
        // 127.0.0.2 is loopback too: a server bound to every interface would answer there.
        var other = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
        other?.host = "127.0.0.2"
        let otherURL = try #require(other?.url?.appending(path: "users"))
        await #expect(throws: (any Error).self) { try await send(otherURL) }
      #endif
    }
  }

  @Test func faultsMakeTheServerMisbehave() async throws {
    let configuration = DemoServer.Configuration(
      faults: ["/users": .status(503), "/users/1": .malformedJSON], bcryptCost: 4)
    try await DemoServer.withServer(configuration) { server in
      #expect(try await send(server.url("/users")).status == 503)
      let malformed = try await send(server.url("/users/1"))
      #expect(malformed.status == 200)
      #expect(throws: (any Error).self) { try malformed.json() }
      #expect(try await send(server.url("/users/2")).status == 200)
    }
  }

  @Test func invalidConfigurationIsATypedError() async throws {
    await #expect(throws: DemoServerError.invalidPort(70_000)) {
      _ = try await DemoServer.start(DemoServer.Configuration(port: 70_000))
    }
    await #expect(throws: DemoServerError.invalidFaultStatus(path: "/users", status: 1_000)) {
      _ = try await DemoServer.start(DemoServer.Configuration(faults: ["/users": .status(1_000)]))
    }
    await #expect(throws: DemoServerError.invalidBcryptCost(2)) {
      _ = try await DemoServer.start(DemoServer.Configuration(bcryptCost: 2))
    }
  }

  @Test func aTakenPortFailsToStartWithATypedError() async throws {
    try await DemoServer.withServer(Self.fast) { server in
      await #expect {
        _ = try await DemoServer.start(DemoServer.Configuration(port: server.port, bcryptCost: 4))
      } throws: { error in
        guard case .startFailed(let reason) = error as? DemoServerError else { return false }
        return !reason.isEmpty
      }
    }
  }

  @Test func thePasswordIsKeptOnlyAsASaltedHash() async throws {
    let first = await CredentialStore.demo(cost: 4)
    let second = await CredentialStore.demo(cost: 4)
    let hash = try #require(first.accounts.first?.passwordHash)
    #expect(hash.hasPrefix("$2"))
    #expect(!hash.contains(DemoAccount.password))
    #expect(hash != second.accounts.first?.passwordHash)
    #expect(await first.account(email: DemoAccount.email, password: DemoAccount.password) != nil)
    #expect(await first.account(email: " DEMO@mvikit.dev ", password: DemoAccount.password) != nil)
    #expect(await first.account(email: DemoAccount.email, password: "mvikit-demo-43") == nil)
  }
}

private let userKeys: Set<String> = [
  "id", "name", "username", "email", "address", "phone", "website", "company",
]

#if os(Linux)
  /// The hex local addresses of the IPv4 and IPv6 sockets listening on `port`.
  private func listeningAddresses(port: Int) throws -> [String] {
    let portHex = String(format: "%04X", port)
    var addresses: [String] = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      // Read it whole: a one-shot read of a /proc file stops after its first page.
      guard let handle = FileHandle(forReadingAtPath: table),
        let data = try? handle.readToEnd(),
        let text = String(data: data, encoding: .utf8)
      else { continue }
      for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 3, fields[3] == "0A" else { continue }
        let local = fields[1].split(separator: ":")
        if local.count == 2, local[1] == portHex { addresses.append(String(local[0])) }
      }
    }
    return addresses
  }
#endif
