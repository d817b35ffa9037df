import MVIKit
import MVIKitNavigation
import MVIKitTerminal
import Testing

// The Navigation article's terminal view, compiled and run here rather than beside the
// article's other code in MVIKitTests, which cannot import the terminal: MVIKitTests'
// ArticleSnippetTests fails when the article's block is not found in this file line for line.

/// The article's browser and the terminal view of it, in a namespace: this module's
/// NavigationViewTests has a stack of pages of its own.
enum NavigationArticle {
  /// The article's screen, which it does not show: a page with a title.
  struct Page: Model {
    struct State: Equatable, Sendable {
      var title: String
    }

    enum Intent: Equatable, Sendable {
      case reloadTapped
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      .none
    }
  }

  // The article's browser, as in MVIKitTests' NavigationArticleExample.swift.
  struct Browser: Model {
    struct State: Equatable, Sendable {
      var path = NavigationStackState<Page.State>()
      var alert: AlertState<Intent>?
    }
    enum Intent: Equatable, Sendable {
      case page(Keyed<Int, Page.Intent>)
      case path(NavigationIntent<Page.State>)
      case opened(String)
      case closeAllTapped
      case closeAllConfirmed
      case alertDismissed
    }

    static let path = StackLink<Browser, Page>(state: \.path, intent: Intent.page)

    var page = Page()

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .page(let intent):
        return Self.path.reduce(page, &state, intent)
      case .path(let navigation):
        state.path.apply(navigation)
        return .none
      case .opened(let title):
        state.path.push(Page.State(title: title))
        return .none
      case .closeAllTapped:
        state.alert = AlertState(
          title: "Close every page?",
          buttons: [.destructive("Close all", send: .closeAllConfirmed), .cancel("Keep")],
          dismissed: .alertDismissed)
        return .none
      case .closeAllConfirmed:
        state.path.popToRoot()
        return .none
      case .alertDismissed:
        state.alert = nil
        return .none
      }
    }
  }

  /// The root screen: "o" opens a page.
  @MainActor
  struct HomeView: View {
    let store: Store<Browser>

    var body: some View {
      Text("Home")
        .onKey("o", help: "Open") { store.send(.opened("Docs")) }
    }
  }

  @MainActor
  struct PageView: View {
    let page: Page.State

    var body: some View {
      Text("Page \(page.title)")
    }
  }

  /// The article's stack and alert.
  @MainActor
  struct BrowserView: View {
    let store: Store<Browser>

    var body: some View {
      NavigationStack(path: store.path.elements, onPop: { store.send(.path(.pop)) }) {
        HomeView(store: store)
      } destination: { page in
        PageView(page: page)
      }
      .alert(store.alert.map { Alert($0, send: { store.send($0) }) })
    }
  }
}

@MainActor
@Suite struct NavigationArticleTerminalTests {
  typealias Browser = NavigationArticle.Browser

  @Test func theTopPageIsShownAndEscPopsIt() {
    let store = Store(initialState: Browser.State(), model: Browser())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 9)) {
      NavigationArticle.BrowserView(store: store)
    }
    #expect(terminal.grid.text[0].hasPrefix("Home"))
    terminal.type("o")
    #expect(store.path.count == 1)
    #expect(terminal.grid.text[0].hasPrefix("Page Docs"))
    terminal.press(.escape)
    #expect(store.path.isEmpty)
    #expect(terminal.grid.text[0].hasPrefix("Home"))
  }

  @Test func theAlertIsDrawnAndItsButtonClosesEveryPage() {
    let store = Store(initialState: Browser.State(), model: Browser())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 9)) {
      NavigationArticle.BrowserView(store: store)
    }
    store.send(.opened("Docs"))
    store.send(.opened("Blog"))
    store.send(.closeAllTapped)
    #expect(terminal.grid.contains("Close every page?"))
    // The first button, "Close all", sends its intent, then `dismissed`.
    terminal.press(.enter)
    #expect(store.path.isEmpty)
    #expect(store.alert == nil)
    #expect(!terminal.grid.contains("Close every page?"))
  }
}
