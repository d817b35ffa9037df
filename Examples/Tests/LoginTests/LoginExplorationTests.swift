import MVIKit
import MVIKitTesting
import Testing

@testable import Login

/// A double submit under every order in which the login request answers.
@MainActor
@Suite struct LoginExplorationTests {
  static let scenario: [LoginModel.Intent] = [
    .emailChanged("demo@mvikit.dev"), .passwordChanged(Secret("mvikit-demo-42")),
    .loginTapped, .loginTapped,
  ]

  @Test func aDoubleSubmitSignsInOnceAndEndsIdleInAnyOrder() async {
    let response = LoginResponse(name: "Demo User", email: "demo@mvikit.dev", token: "t0k3n")
    let explorer = ScheduleExplorer(
      model: LoginModel(service: LoginService(login: { _, _ in response })),
      initialState: LoginModel.State())
    let report = await explorer.explore(
      Self.scenario,
      invariant: { state in
        state.isLoading && state.alert != nil ? "an alert shows while a login runs" : nil
      },
      finally: { state in
        !state.isLoading && state.signedInName == "Demo User" && state.alert?.title == "Welcome"
          ? nil : "ends with \(state)"
      })
    #expect(report.failure == nil)
    // The second tap lands while the first login runs (ignored) or after it (a new login).
    #expect(report.schedules == 2)
  }

  @Test func aDoubleSubmitThatFailsEndsWithOneFailureInAnyOrder() async {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "Wrong email or password." }
    }
    let explorer = ScheduleExplorer(
      model: LoginModel(service: LoginService(login: { _, _ in throw Refused() })),
      initialState: LoginModel.State())
    let report = await explorer.explore(
      Self.scenario,
      finally: { state in
        !state.isLoading && state.signedInName == nil
          && state.alert?.message == "Wrong email or password."
          ? nil : "ends with \(state)"
      })
    #expect(report.failure == nil)
  }
}
