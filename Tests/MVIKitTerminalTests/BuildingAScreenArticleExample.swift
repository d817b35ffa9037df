import MVIKit
import MVIKitTerminal
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// The Building a Screen article's code, compiled and run here: MVIKitTests'
// TerminalArticleSnippetTests fails when one of the article's blocks is not found in this file
// line for line.

/// The article's login screen, in a namespace: this module's fixtures have a `Form` of their
/// own, and other articles their own models.
enum BuildingAScreenArticle {
  // Step 1: the state and the intents.
  struct Login: Model {
    struct State: Equatable, Sendable {
      var email = ""
      var password = ""
      var error: String?
    }
    enum Intent: Equatable, Sendable {
      case emailChanged(String)
      case passwordChanged(String)
      case submit
      case errorDismissed
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .emailChanged(let text): state.email = text
      case .passwordChanged(let text): state.password = text
      case .submit: if state.password.count < 8 { state.error = "Password too short" }
      case .errorDismissed: state.error = nil
      }
      return .none
    }
  }

  /// Step 2's view as the article first shows it, before step 3 adds to the end of its body.
  enum StepTwo {
    struct LoginView: View {
      let store: Store<Login>

      var body: some View {
        VStack {
          Box("Sign in") {
            Text("Email")
            TextField("you@example.com", text: store.email) { store.send(.emailChanged($0)) }
            Text("Password")
            SecureField(
              "8 characters or more", text: store.password, onSubmit: { store.send(.submit) }
            ) { store.send(.passwordChanged($0)) }
            Button("Log in") { store.send(.submit) }
          }
          Spacer()
          HelpBar()
        }
      }
    }
  }

  /// The whole screen: step 2's view with step 3's alert and key at the end of its body, which
  /// steps 4 and 5 run.
  struct LoginView: View {
    let store: Store<Login>

    var body: some View {
      VStack {
        Box("Sign in") {
          Text("Email")
          TextField("you@example.com", text: store.email) { store.send(.emailChanged($0)) }
          Text("Password")
          SecureField(
            "8 characters or more", text: store.password, onSubmit: { store.send(.submit) }
          ) { store.send(.passwordChanged($0)) }
          Button("Log in") { store.send(.submit) }
        }
        Spacer()
        HelpBar()
      }
      // at the end of body
      .alert(
        store.error.map { message in
          Alert(title: "Cannot log in", message: message) { store.send(.errorDismissed) }
        }
      )
      .onKey(.ctrl("l"), help: "Clear") { store.send(.emailChanged("")) }
    }
  }
}

@MainActor
@Suite struct BuildingAScreenArticleTests {
  typealias Login = BuildingAScreenArticle.Login
  typealias LoginView = BuildingAScreenArticle.LoginView

  // Step 5, as the article shows it.
  @Test @MainActor func shortPasswordShowsAnAlert() {
    let store = Store(initialState: Login.State(), model: Login())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) { LoginView(store: store) }
    terminal.type("ann@example.com")
    terminal.press(.tab)
    terminal.type("abc")
    terminal.press(.enter)
    #expect(terminal.grid.contains("Password too short"))
    #expect(!terminal.grid.contains("abc"))  // the secure field shows bullets only
  }

  /// Step 4, as the article shows it, where there is no terminal to take over: `run()` throws
  /// before it draws. From an interactive shell it would take the terminal over, so it is
  /// skipped there.
  @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0))
  func theAppRefusesToRunWithoutATerminal() async {
    await #expect(throws: TerminalError.notATerminal) {
      let store = Store(initialState: Login.State(), model: Login())
      try await TerminalApp(store: store, minimumSize: Size(width: 40, height: 12)) {
        LoginView(store: store)
      }.run()
    }
  }

  /// Step 2: the fields show the state, Tab moves between the two fields and the button, and
  /// the help bar sits at the bottom.
  @Test func theFormShowsTheStateAndTabMovesAlongItsThreeViews() {
    let store = Store(initialState: Login.State(), model: Login())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) {
      BuildingAScreenArticle.StepTwo.LoginView(store: store)
    }
    #expect(terminal.grid.contains("Sign in"))
    #expect(terminal.grid.contains("you@example.com"))
    #expect(terminal.grid.contains("8 characters or more"))
    #expect(terminal.text[11].contains("Tab"))
    terminal.type("ann@example.com")
    #expect(store.email == "ann@example.com")
    terminal.press(.tab)
    terminal.type("secret")
    #expect(store.password == "secret")
    #expect(terminal.grid.contains("••••••"))
    #expect(!terminal.grid.contains("secret"))
    terminal.press(.tab, .enter)
    // The button submits; this view shows no error, the state has it.
    #expect(store.error == "Password too short")
    terminal.press(.tab)
    terminal.type("x")
    #expect(store.email == "ann@example.comx")
  }

  /// Step 3: the alert takes the keys while it shows, and Ctrl-L clears the email even while
  /// the email field has the focus, as the field does not use it.
  @Test func theAlertIsModalAndCtrlLWorksInTheField() {
    let store = Store(initialState: Login.State(), model: Login())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 12)) { LoginView(store: store) }
    terminal.type("ann@example.com")
    terminal.press(.ctrl("l"))
    #expect(store.email == "")
    terminal.press(.tab, .tab)
    #expect(terminal.text[11].contains("Enter Log in  ^L Clear"))
    terminal.press(.enter)
    #expect(terminal.grid.contains("Cannot log in"))
    // While the alert shows, typing reaches no field.
    terminal.type("x")
    #expect(store.password == "")
    terminal.press(.escape)
    #expect(store.error == nil)
    #expect(!terminal.grid.contains("Cannot log in"))
  }
}
