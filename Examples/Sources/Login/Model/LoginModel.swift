import MVIKit
import MVIKitNavigation

/// The login screen's logic: two fields, validation, the login request, and the alert that
/// says how it went.
///
/// The alert is state (an ``AlertState``), not a one-shot side effect: it stays until the user
/// dismisses it, so it survives a redraw, shows in a recording and replays with it.
///
/// The password is kept as a ``Secret`` from the moment it is typed, so it prints as
/// `Secret(••••)` in logs, recordings and test diffs.
public struct LoginModel: Model {
  /// The login screen's state.
  public struct State: Equatable, Sendable, Codable {
    /// The email as typed.
    public var email = ""
    /// The password as typed, never printable.
    public var password = Secret("")
    /// Whether the login request is running.
    public var isLoading = false
    /// Who logged in with the credentials in the form, if anyone; nil once either field is
    /// changed, as the form then holds other credentials.
    public var signedInName: String?
    /// The alert on screen: how the last login went, until it is dismissed.
    public var alert: AlertState<Intent>?

    /// An empty form.
    public init() {}
  }

  /// What the user did or what the login request answered.
  public enum Intent: Equatable, Sendable, Codable {
    case emailChanged(String)
    case passwordChanged(Secret<String>)
    case loginTapped
    /// Stops the login request under way (Esc while it runs).
    case cancelTapped
    case loginSucceeded(LoginResponse)
    case loginFailed(String)
    case alertDismissed
  }

  let service: LoginService

  /// A model that signs in through `service`.
  public init(service: LoginService) {
    self.service = service
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .emailChanged(let email):
      if email != state.email { state.signedInName = nil }
      state.email = email
      return .none
    case .passwordChanged(let password):
      if password.value != state.password.value { state.signedInName = nil }
      state.password = password
      return .none
    case .loginTapped:
      guard LoginValidation.canSubmit(state), !state.isLoading else { return .none }
      state.isLoading = true
      // A new attempt replaces the last session: the form never says "Signed in" beside a
      // failure for other credentials.
      state.signedInName = nil
      state.alert = nil
      let email = LoginValidation.cleanEmail(state.email)
      let password = state.password
      return .run { [service] send in
        await send(.loginSucceeded(try await service.login(email, password.value)))
      } catch: { error, send in
        await send(.loginFailed(String(describing: error)))
      }
      .cancellable(id: RequestID.login, cancelInFlight: true)
    case .cancelTapped:
      guard state.isLoading else { return .none }
      state.isLoading = false
      return .cancel(id: RequestID.login)
    case .loginSucceeded(let response):
      state.isLoading = false
      state.signedInName = response.name
      state.alert = AlertState(
        title: "Welcome", message: "Signed in as \(response.name).", dismissed: .alertDismissed)
      return .none
    case .loginFailed(let message):
      state.isLoading = false
      state.alert = AlertState(title: "Login failed", message: message, dismissed: .alertDismissed)
      return .none
    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }

  private enum RequestID { case login }
}
