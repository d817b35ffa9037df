import Foundation
import Hummingbird

/// `POST /login`. The request body is never logged: it holds a password.
struct LoginRoutes: Sendable {
  struct Credentials: Decodable {
    let email: String
    let password: String
  }

  struct Session: Encodable {
    let name: String
    let email: String
    let token: String
  }

  /// Bodies larger than this are rejected as malformed.
  static let maxBodySize = 16 * 1_024

  let credentials: CredentialStore

  func register(on router: Router<BasicRequestContext>) {
    router.post("login") { request, _ in
      try await login(request)
    }
  }

  private func login(_ request: Request) async throws -> Response {
    var request = request
    guard let buffer = try? await request.collectBody(upTo: Self.maxBodySize),
      let body = try? JSONDecoder().decode(Credentials.self, from: Data(buffer.readableBytesView))
    else {
      return JSONResponse.error(
        #"Expected a JSON body {"email": "...", "password": "..."}"#, status: .badRequest)
    }
    guard let account = await credentials.account(email: body.email, password: body.password)
    else {
      return JSONResponse.error("Wrong email or password", status: .unauthorized)
    }
    return JSONResponse.make(
      Session(name: account.name, email: account.email, token: Self.makeToken()))
  }

  /// 32 random bytes from the system's secure generator, as hex.
  private static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: .min ... .max, using: &generator)
      return String(byte, radix: 16).leftPadded(to: 2)
    }.joined()
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
