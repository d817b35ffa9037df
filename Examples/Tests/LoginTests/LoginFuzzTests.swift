import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Login

/// Random typing, taps and server answers: the button is enabled exactly when the inputs are
/// valid and no request runs.
@Suite struct LoginFuzzTests {
  @Test func buttonIsEnabledIffInputsAreValid() {
    let emails = [
      "", "a", "demo@mvikit.dev", " DEMO@mvikit.dev ", "x@y", "x@y.z", "@y.z", "a b@c.d",
    ]
    let passwords = ["", "12345", "123456", "mvikit-demo-42", "      "]
    let response = LoginResponse(name: "Demo User", email: "demo@mvikit.dev", token: "t")
    let report = IntentFuzzer(
      model: LoginModel(service: LoginService(login: { _, _ in response })),
      initialState: LoginModel.State(),
      generate: { random in
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .emailChanged(emails.randomElement(using: &random) ?? "")
        case 1: .passwordChanged(Secret(passwords.randomElement(using: &random) ?? ""))
        case 2: .loginTapped
        case 3: .loginSucceeded(response)
        default: .loginFailed("Wrong email or password.")
        }
      },
      invariant: { state in
        let output = LoginOutput(state: state)
        let valid =
          LoginValidation.isValidEmail(state.email)
          && state.password.value.count >= LoginValidation.minimumPasswordLength
        if output.isLoginEnabled != (valid && !state.isLoading) {
          return "button enabled is \(output.isLoginEnabled) for valid \(valid)"
        }
        if (output.buttonColor == .enabled) != output.isLoginEnabled { return "colour disagrees" }
        return nil
      }
    ).run(steps: loginFuzzSteps, seed: 3_003)
    #expect(report.violation == nil)
  }
}

let loginFuzzSteps =
  ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000
