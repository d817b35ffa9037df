import MVIKit
import MVIKitNavigation
import MVIKitTesting
import Testing

@testable import Login

@MainActor
@Suite struct LoginModelTests {
  nonisolated static let response = LoginResponse(
    name: "Demo User", email: "demo@mvikit.dev", token: "t0k3n")
  nonisolated static let welcome = AlertState<LoginModel.Intent>(
    title: "Welcome", message: "Signed in as Demo User.", dismissed: .alertDismissed)

  nonisolated static func failure(_ message: String) -> AlertState<LoginModel.Intent> {
    AlertState(title: "Login failed", message: message, dismissed: .alertDismissed)
  }

  func makeStore(
    login: @escaping @Sendable (String, String) async throws -> LoginResponse = { _, _ in response }
  ) -> TestStore<LoginModel> {
    TestStore(
      initialState: LoginModel.State(), model: LoginModel(service: LoginService(login: login)))
  }

  /// Types the demo account's credentials.
  func typeCredentials(_ store: TestStore<LoginModel>) async {
    await store.send(.emailChanged("demo@mvikit.dev")) { $0.email = "demo@mvikit.dev" }
    await store.send(.passwordChanged(Secret("mvikit-demo-42"))) {
      $0.password = Secret("mvikit-demo-42")
    }
  }

  /// Types the demo account's credentials, signs in and dismisses the welcome.
  func signIn(_ store: TestStore<LoginModel>) async {
    await typeCredentials(store)
    await store.send(.loginTapped) { $0.isLoading = true }
    await store.receive(.loginSucceeded(Self.response)) {
      $0.isLoading = false
      $0.signedInName = "Demo User"
      $0.alert = Self.welcome
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func validCredentialsLogIn() async {
    let sent = SentCredentials()
    let store = makeStore(login: { email, password in
      await sent.record(email, password)
      return Self.response
    })
    await store.send(.emailChanged("  Demo@MVIKit.dev ")) { $0.email = "  Demo@MVIKit.dev " }
    await store.send(.passwordChanged(Secret("mvikit-demo-42"))) {
      $0.password = Secret("mvikit-demo-42")
    }
    await store.send(.loginTapped) { $0.isLoading = true }
    await store.receive(.loginSucceeded(Self.response)) {
      $0.isLoading = false
      $0.signedInName = "Demo User"
      $0.alert = Self.welcome
    }
    await store.finish()
    #expect(await sent.values == ["demo@mvikit.dev mvikit-demo-42"])
  }

  @Test func changingEitherFieldAfterSigningInNoLongerSaysSignedIn() async {
    let store = makeStore(login: { _, _ in Self.response })
    await signIn(store)
    // The same text again (a redraw's binding) changes nothing.
    await store.send(.emailChanged("demo@mvikit.dev"))
    await store.send(.emailChanged("grace@mvikit.dev")) {
      $0.email = "grace@mvikit.dev"
      $0.signedInName = nil
    }
    await store.finish()
  }

  @Test func aFailedLoginAfterASuccessfulOneNoLongerSaysSignedIn() async {
    let store = makeStore(login: { _, password in
      guard password == "mvikit-demo-42" else { throw LoginError.invalidCredentials }
      return Self.response
    })
    await signIn(store)
    // The form now holds other credentials: "Signed in as Demo User" no longer describes it.
    await store.send(.passwordChanged(Secret("changed-password"))) {
      $0.password = Secret("changed-password")
      $0.signedInName = nil
    }
    await store.send(.loginTapped) { $0.isLoading = true }
    let message = String(describing: LoginError.invalidCredentials)
    await store.receive(.loginFailed(message)) {
      $0.isLoading = false
      $0.alert = Self.failure(message)
    }
    await store.finish()
  }

  @Test func aLoginUnderWayIsCancelled() async {
    let store = makeStore(login: { _, _ in
      try await Task.sleep(for: .seconds(60))
      return Self.response
    })
    await store.send(.cancelTapped)
    await typeCredentials(store)
    await store.send(.loginTapped) { $0.isLoading = true }
    await store.send(.cancelTapped) { $0.isLoading = false }
    // The request was cancelled: nothing is left running, and no alert comes.
    await store.finish(timeout: .seconds(2))
    #expect(store.state.alert == nil && store.state.signedInName == nil)
  }

  @Test func invalidFormDoesNotSubmit() async {
    let store = makeStore()
    await store.send(.emailChanged("not-an-email")) { $0.email = "not-an-email" }
    await store.send(.passwordChanged(Secret("long enough"))) {
      $0.password = Secret("long enough")
    }
    await store.send(.loginTapped)
    await store.finish()
  }

  /// The failure stays on screen as state until it is dismissed, and another attempt takes
  /// it away.
  @Test func failedLoginShowsAnAlertUntilItIsDismissed() async {
    let store = makeStore(login: { _, _ in throw LoginError.invalidCredentials })
    await store.send(.emailChanged("demo@mvikit.dev")) { $0.email = "demo@mvikit.dev" }
    await store.send(.passwordChanged(Secret("wrong-password"))) {
      $0.password = Secret("wrong-password")
    }
    await store.send(.loginTapped) { $0.isLoading = true }
    let message = String(describing: LoginError.invalidCredentials)
    await store.receive(.loginFailed(message)) {
      $0.isLoading = false
      $0.alert = Self.failure(message)
    }
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.send(.loginTapped) { $0.isLoading = true }
    await store.receive(.loginFailed(message)) {
      $0.isLoading = false
      $0.alert = Self.failure(message)
    }
    await store.send(.loginTapped) {
      $0.isLoading = true
      $0.alert = nil
    }
    await store.receive(.loginFailed(message)) {
      $0.isLoading = false
      $0.alert = Self.failure(message)
    }
    await store.finish()
  }

  @Test func outputCarriesEverythingTheViewShows() throws {
    var state = LoginModel.State()
    #expect(LoginOutput(state: state).emailProblem == nil)
    state.email = "demo@"
    state.password = Secret("123")
    state.signedInName = "Demo User"
    let output = LoginOutput(state: state)
    #expect(output.email == "demo@")
    #expect(output.emailProblem == "Not an email address yet.")
    #expect(output.passwordProblem == "Too short.")
    #expect(output.signedInName == "Demo User")
    #expect(!String(describing: output).contains("123"))
    #expect(output.alert == nil)
    state.alert = Self.failure("Wrong email or password.")
    let alert = try #require(LoginOutput(state: state).alert)
    #expect(alert.title == "Login failed")
    #expect(alert.message == "Wrong email or password.")
    #expect(alert.buttons.isEmpty)
    #expect(alert.dismissed == .alertDismissed)
  }

  @Test func outputDrivesTheButton() {
    var state = LoginModel.State()
    #expect(LoginOutput(state: state).buttonColor == .disabled)
    state.email = "demo@mvikit.dev"
    #expect(LoginOutput(state: state).isLoginEnabled == false)
    state.password = Secret("123456")
    #expect(LoginOutput(state: state).isLoginEnabled)
    #expect(LoginOutput(state: state).buttonColor == .enabled)
    state.isLoading = true
    #expect(LoginOutput(state: state).isLoginEnabled == false)
  }

  @Test(arguments: [
    ("a@b.co", true), ("  A@B.CO ", true), ("a@b", false), ("@b.co", false), ("a b@c.d", false),
    ("a@@b.co", false), ("a@b..co", false), ("", false),
  ])
  func emailValidation(email: String, isValid: Bool) {
    #expect(LoginValidation.isValidEmail(email) == isValid)
  }

  @Test func viewModelTransformsInputsIntoOutputs() async {
    let viewModel = LoginViewModel(
      model: LoginModel(service: LoginService(login: { _, _ in Self.response })))
    viewModel.send(.emailChanged("demo@mvikit.dev"))
    viewModel.send(.passwordChanged("mvikit-demo-42"))
    #expect(viewModel.output.isLoginEnabled)
    await viewModel.send(.loginTapped).finish()
    #expect(viewModel.output.signedInName == "Demo User")
    #expect(viewModel.output.alert?.title == "Welcome")
    await viewModel.send(.alertDismissed).finish()
    #expect(viewModel.output.alert == nil)
  }

  @Test func statePrintsNoPassword() {
    var state = LoginModel.State()
    state.password = Secret("mvikit-demo-42")
    #expect(!String(describing: state).contains("mvikit-demo-42"))
    #expect(
      !String(describing: LoginModel.Intent.passwordChanged(state.password)).contains("demo-42"))
  }
}

actor SentCredentials {
  private(set) var values: [String] = []
  func record(_ email: String, _ password: String) { values.append("\(email) \(password)") }
}
