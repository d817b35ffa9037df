import DemoServer
import Foundation
import Login
import Testing

@Suite("LoginClient against the real demo server")
struct LoginClientTests {
  /// A password distinctive enough that finding it in any text means it leaked.
  static let wrongPassword = "Zebra-Quartz-7731-never-print-me"

  static func configuration(_ faults: [String: Fault] = [:]) -> DemoServer.Configuration {
    DemoServer.Configuration(faults: faults, bcryptCost: 4)
  }

  @Test func demoAccountLogsIn() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let response = try await LoginClient(baseURL: server.baseURL)
        .login(email: DemoAccount.email, password: DemoAccount.password)
      #expect(response.name == DemoAccount.name)
      #expect(response.email == DemoAccount.email)
      #expect(!response.token.isEmpty)
      #expect(!response.description.contains(response.token))
    }
  }

  @Test func wrongPasswordIsInvalidCredentials() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let error = await #expect(throws: LoginError.invalidCredentials) {
        try await LoginClient(baseURL: server.baseURL)
          .login(email: DemoAccount.email, password: Self.wrongPassword)
      }
      expectNoLeak(error)
    }
  }

  @Test func serverErrorIsHTTP500() async throws {
    try await DemoServer.withServer(Self.configuration(["/login": .status(500)])) { server in
      let error = await #expect(throws: LoginError.http(500)) {
        try await LoginClient(baseURL: server.baseURL)
          .login(email: DemoAccount.email, password: Self.wrongPassword)
      }
      expectNoLeak(error)
    }
  }

  @Test(arguments: [Fault.malformedJSON, .truncatedBody])
  func unreadableAnswerIsMalformed(fault: Fault) async throws {
    try await DemoServer.withServer(Self.configuration(["/login": fault])) { server in
      let error = await #expect(throws: LoginError.malformed) {
        try await LoginClient(baseURL: server.baseURL)
          .login(email: DemoAccount.email, password: Self.wrongPassword)
      }
      expectNoLeak(error)
    }
  }

  @Test func slowServerTimesOut() async throws {
    let slow = Self.configuration(["/login": .delay(.seconds(60))])
    try await DemoServer.withServer(slow) { server in
      let client = LoginClient(baseURL: server.baseURL, timeout: .milliseconds(300))
      let error = await #expect(throws: LoginError.timeout) {
        try await client.login(email: DemoAccount.email, password: Self.wrongPassword)
      }
      expectNoLeak(error)
    }
  }

  @Test func stoppedServerIsUnreachable() async throws {
    let server = try await DemoServer.start(Self.configuration())
    await server.stop()
    let error = await #expect(throws: LoginError.unreachable) {
      try await LoginClient(baseURL: server.baseURL)
        .login(email: DemoAccount.email, password: Self.wrongPassword)
    }
    expectNoLeak(error)
  }

  @Test(arguments: [
    LoginError.invalidCredentials, .http(400), .http(503), .malformed, .timeout, .unreachable,
  ])
  func noErrorTextContainsThePassword(error: LoginError) {
    expectNoLeak(error)
    #expect(error.description.first?.isUppercase == true)
  }

  private func expectNoLeak(
    _ error: (any Error)?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let error else { return }
    let texts = [
      String(describing: error), String(reflecting: error), "\(error)",
      error.localizedDescription, (error as NSError).description,
      String(describing: (error as NSError).userInfo),
    ]
    for text in texts {
      #expect(!text.contains(Self.wrongPassword), sourceLocation: sourceLocation)
      #expect(!text.contains(DemoAccount.password), sourceLocation: sourceLocation)
    }
  }
}
