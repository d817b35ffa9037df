import Foundation
import MVIKit
import MVIKitPatterns
import MVIKitTesting
import Testing

// The code of MVIKitPatterns' Input/Output article, compiled and run here: ArticleSnippetTests
// fails when a swift block of the article is not found in this file line for line, so change
// the two together.

/// The article's login screen, in a namespace: PatternTests has a login form of its own.
enum InputOutputArticle {
  struct LoginModel: Model {
    struct State: Equatable, Sendable {
      var email = ""
      var password = Secret("")
      var isSubmitting = false

      var isValid: Bool { email.contains("@") && password.value.count >= 6 }
    }

    enum Intent: Equatable, Sendable {
      case emailChanged(String)
      case passwordChanged(Secret<String>)
      case loginTapped
      case loggedIn(name: String)
      case loginFailed(String)
    }

    enum SideEffect: Equatable, Sendable {
      case welcome(name: String)
      case alert(String)
    }

    var logIn: @Sendable (_ email: String, _ password: Secret<String>) async throws -> String

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .emailChanged(let email):
        state.email = email.trimmingCharacters(in: .whitespaces)
        return .none
      case .passwordChanged(let password):
        state.password = password
        return .none
      case .loginTapped:
        guard state.isValid, !state.isSubmitting else { return .none }
        state.isSubmitting = true
        return .run { [email = state.email, password = state.password] send in
          await send(.loggedIn(name: try await logIn(email, password)))
        } catch: { error, send in
          await send(.loginFailed(String(describing: error)))
        }
      case .loggedIn(let name):
        state.isSubmitting = false
        return .emit(.welcome(name: name))
      case .loginFailed(let message):
        state.isSubmitting = false
        return .emit(.alert(message))
      }
    }
  }

  enum LoginInput: Sendable {
    case email(String)
    case password(String)
    case loginTap

    var intent: LoginModel.Intent {
      switch self {
      case .email(let text): .emailChanged(text)
      case .password(let text): .passwordChanged(Secret(text))
      case .loginTap: .loginTapped
      }
    }
  }

  struct LoginOutput: Equatable, Sendable {
    var email: String
    var isLoginEnabled: Bool
    var isSubmitting: Bool

    init(state: LoginModel.State) {
      email = state.email
      isLoginEnabled = state.isValid && !state.isSubmitting
      isSubmitting = state.isSubmitting
    }
  }

  typealias LoginViewModel = InputOutputViewModel<LoginModel, LoginInput, LoginOutput>

  /// The app's authentication service, which the article's view model is given.
  struct AuthClient: Sendable {
    var logIn: @Sendable (_ email: String, _ password: Secret<String>) async throws -> String
  }

  /// The article's view model, filled in; `print` is a parameter, so that a test reads what it
  /// prints.
  @MainActor
  static func fillInTheForm(authClient: AuthClient, print: (Any) -> Void) -> LoginViewModel {
    let viewModel = InputOutputViewModel(
      store: Store(initialState: LoginModel.State(), model: LoginModel(logIn: authClient.logIn)),
      intent: { (input: LoginInput) in input.intent },
      output: LoginOutput.init(state:)
    )

    viewModel.send(.email("ada@example.com"))
    viewModel.send(.password("secret1"))
    print(viewModel.output.isLoginEnabled)  // true
    print(viewModel[output: \.isLoginEnabled])  // the same, through the subscript
    return viewModel
  }

  /// Stands in for a UIKit button, which these tests cannot import.
  @MainActor
  final class LoginButton {
    var isEnabled = false
  }

  /// A login screen that feeds its inputs through `transform` and listens for the login's
  /// result, as the article's last two sections do.
  @MainActor
  final class LoginViewController {
    let viewModel: LoginViewModel
    let loginButton: LoginButton
    private(set) var rendering: Task<Void, Never>?
    /// What the screen showed for each side effect, in order.
    private(set) var shown: [String] = []

    init(viewModel: LoginViewModel) {
      self.viewModel = viewModel
      loginButton = LoginButton()
    }

    func fillIn() {
      let (inputs, feed) = AsyncStream.makeStream(of: LoginInput.self)

      rendering = Task {
        for await output in viewModel.transform(inputs) {
          loginButton.isEnabled = output.isLoginEnabled
        }
      }

      feed.yield(.email("ada@example.com"))
      feed.yield(.password("secret1"))
    }

    func listen() async {
      for await sideEffect in viewModel.store.sideEffects {
        switch sideEffect {
        case .welcome(let name): showHome(greeting: name)
        case .alert(let message): showAlert(message)
        }
      }
    }

    func showHome(greeting: String) {
      shown.append("home: \(greeting)")
    }

    func showAlert(_ message: String) {
      shown.append("alert: \(message)")
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct InputOutputArticleTests {
  typealias LoginModel = InputOutputArticle.LoginModel
  typealias LoginInput = InputOutputArticle.LoginInput
  typealias LoginOutput = InputOutputArticle.LoginOutput
  typealias LoginViewController = InputOutputArticle.LoginViewController

  @MainActor
  @Test func loggingIn() async {
    let store = TestStore(
      initialState: LoginModel.State(),
      model: LoginModel(logIn: { _, _ in "Ada" })
    )
    await store.send(.emailChanged("ada@example.com")) { $0.email = "ada@example.com" }
    await store.send(.passwordChanged(Secret("secret1"))) { $0.password = Secret("secret1") }
    await store.send(.loginTapped) { $0.isSubmitting = true }
    await store.receive(.loggedIn(name: "Ada")) { $0.isSubmitting = false }
    await store.receiveSideEffect(.welcome(name: "Ada"))
    await store.finish()
  }

  @Test func loginNeedsAValidForm() {
    let state = LoginModel.State(email: "ada@example.com", password: Secret("123"))
    #expect(LoginOutput(state: state).isLoginEnabled == false)
  }

  @Test func theFilledInFormEnablesLogin() {
    var printed: [String] = []
    let viewModel = InputOutputArticle.fillInTheForm(
      authClient: InputOutputArticle.AuthClient(logIn: { _, _ in "Ada" }),
      print: { printed.append(String(describing: $0)) })
    #expect(printed == ["true", "true"])
    #expect(viewModel.output.email == "ada@example.com")
  }

  @Test func transformedInputsEnableTheButton() async throws {
    let controller = LoginViewController(viewModel: makeViewModel(logIn: { _, _ in "Ada" }))
    #expect(!controller.loginButton.isEnabled)
    controller.fillIn()
    try await until { controller.loginButton.isEnabled }
    // Dropping the outputs stops the feeding too.
    controller.rendering?.cancel()
    await controller.rendering?.value
  }

  @Test func theLoginResultArrivesAsASideEffect() async throws {
    let welcomed = LoginViewController(viewModel: makeViewModel(logIn: { _, _ in "Ada" }))
    let refused = LoginViewController(
      viewModel: makeViewModel(logIn: { _, _ in throw FactError() }))
    for controller in [welcomed, refused] {
      let listening = Task { await controller.listen() }
      controller.viewModel.send(.email("ada@example.com"))
      controller.viewModel.send(.password("secret1"))
      controller.viewModel.send(.loginTap)
      try await until { !controller.shown.isEmpty }
      listening.cancel()
      await listening.value
    }
    #expect(welcomed.shown == ["home: Ada"])
    #expect(refused.shown == ["alert: no fact today"])
  }

  private func makeViewModel(
    logIn: @escaping @Sendable (String, Secret<String>) async throws -> String
  ) -> InputOutputArticle.LoginViewModel {
    InputOutputViewModel(
      store: Store(initialState: LoginModel.State(), model: LoginModel(logIn: logIn)),
      intent: { (input: LoginInput) in input.intent },
      output: LoginOutput.init(state:))
  }

  /// Lets the tasks on the main actor run until `condition` holds; the suite's time limit ends
  /// a wait that never would.
  private func until(_ condition: () -> Bool) async throws {
    while !condition() { try await Task.sleep(for: .milliseconds(1)) }
  }
}
