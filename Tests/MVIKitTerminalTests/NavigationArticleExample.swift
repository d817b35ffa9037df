import MVIKit
import MVIKitNavigation
import MVIKitTerminal
import MVIKitTesting
import Testing

// The code of MVIKitNavigation's Navigation article, its terminal view included, compiled and run
// here (its SwiftUI view not at all): MVIKitTests' ArticleSnippetTests fails when a swift block
// of the article is not found in this file line for line, so change them together.

/// The article's browser, in a namespace: NavigationTests has a `Browser` and a `Page` of its
/// own.
enum NavigationArticle {
  /// The article's screen, which it does not show: a page that counts its visits.
  struct Page: Model {
    struct State: Equatable, Sendable {
      var title: String
      var visits = 0
    }

    enum Intent: Equatable, Sendable {
      case visited
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .visited:
        state.visits += 1
        return .none
      }
    }
  }

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
}

/// The article's terminal view of the browser.
extension NavigationArticle {
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
@Suite(.timeLimit(.minutes(1))) struct NavigationArticleTests {
  typealias Browser = NavigationArticle.Browser
  typealias Page = NavigationArticle.Page

  @Test func pagesArePushedAndPoppedAsState() async {
    let store = TestStore(initialState: Browser.State(), model: Browser())
    await store.send(.opened("Docs")) { $0.path.push(Page.State(title: "Docs")) }
    await store.send(.opened("Blog")) { $0.path.push(Page.State(title: "Blog")) }
    await store.send(.path(.pop)) { $0.path.pop() }
    await store.finish()
  }

  @Test func closingEveryPageAsksFirst() async {
    let store = TestStore(
      initialState: Browser.State(
        path: NavigationStackState([Page.State(title: "Docs"), Page.State(title: "Blog")])),
      model: Browser())
    await store.send(.closeAllTapped) {
      $0.alert = AlertState(
        title: "Close every page?",
        buttons: [.destructive("Close all", send: .closeAllConfirmed), .cancel("Keep")],
        dismissed: .alertDismissed)
    }
    // The destructive button sends its intent, then `dismissed`.
    await store.send(.closeAllConfirmed) { $0.path.popToRoot() }
    await store.send(.alertDismissed) { $0.alert = nil }
    await store.finish()
  }

  @Test func aPagesIntentReachesThatPageByItsID() {
    let store = Store(initialState: Browser.State(), model: Browser())
    store.send(.opened("Docs"))
    store.send(.opened("Blog"))
    let docs = store.path.ids[0]
    store.send(.page(Keyed(docs, .visited)))
    #expect(store.path[id: docs]?.visits == 1)
    // A scoped store of the page sends through the same link.
    store.scope(Browser.path, id: docs)?.send(.visited)
    #expect(store.path.elements.map(\.visits) == [2, 0])
    // What a View sends to go back to the root.
    store.send(.path(.popToRoot))
    #expect(store.path.isEmpty)
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
