import MVIKit
import MVIKitTerminal
import Testing

// The Composition article's terminal binding, compiled and run here rather than beside the
// article's other code in MVIKitTests, which cannot import the terminal: MVIKitTests'
// ArticleSnippetTests fails when the article's block is not found in this file line for line.

/// The article's binding in a view of its own model, in a namespace: this module's fixtures
/// already have a `Form` with an email field.
enum CompositionArticle {
  struct SignIn: Model {
    struct State: Equatable, Sendable { var email = "" }
    enum Intent: Equatable, Sendable { case emailChanged(String) }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .emailChanged(let email): state.email = email
      }
      return .none
    }

    /// Nested in the model, so that the article's `Intent` is the model's.
    struct EmailView: View {
      let store: Store<SignIn>

      var body: some View {
        TextField("Email", binding: store.binding(\.email, send: Intent.emailChanged))
      }
    }
  }
}

@MainActor
@Suite struct CompositionArticleBindingTests {
  typealias SignIn = CompositionArticle.SignIn

  @Test func typingIntoTheBoundFieldSendsTheIntent() {
    let store = Store(initialState: SignIn.State(), model: SignIn())
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 1)) {
      SignIn.EmailView(store: store)
    }
    terminal.type("a@b.c")
    #expect(store.email == "a@b.c")
    #expect(terminal.grid.contains("a@b.c"))
  }
}
