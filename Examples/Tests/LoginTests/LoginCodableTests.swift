import Foundation
import Login
import MVIKit
import MVIKitNavigation
import MVIKitRecording
import Testing

/// The login screen's state, with its alert, and its intents survive a JSON round trip, as a
/// recording needs, with the password redacted.
@Suite struct LoginCodableTests {
  static let response = LoginResponse(name: "Demo User", email: "demo@mvikit.dev", token: "t0k3n")

  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  func json(_ value: some Encodable) throws -> String {
    String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
  }

  /// What every recorded secret decodes to: the stand-in for the redacted value.
  func redacted() throws -> Secret<String> {
    try roundTrip(Secret("anything"))
  }

  @Test func aFilledInStateRoundTripsWithItsPasswordRedacted() throws {
    var state = LoginModel.State()
    state.email = " demo@mvikit.dev "
    state.password = Secret("correct horse")
    state.isLoading = true
    state.signedInName = "Demo User"
    state.alert = AlertState(
      title: "Login failed", message: "Wrong email or password.", dismissed: .alertDismissed)
    #expect(try !json(state).contains("correct horse"))
    var expected = state
    expected.password = try redacted()
    #expect(try roundTrip(state) == expected)
    expected = LoginModel.State()
    expected.password = try redacted()
    #expect(try roundTrip(LoginModel.State()) == expected)
  }

  @Test func everyIntentRoundTrips() throws {
    let intents: [LoginModel.Intent] = [
      .emailChanged("demo@mvikit.dev"), .passwordChanged(Secret("hunter22")), .loginTapped,
      .loginSucceeded(Self.response), .loginFailed("Wrong email or password."), .alertDismissed,
    ]
    var expected = intents
    expected[1] = .passwordChanged(try redacted())
    #expect(try roundTrip(intents) == expected)
    #expect(try !json(intents).contains("hunter22"))
  }
}
