import MVIKit
import MVIKitNavigation
import MVIKitTesting
import Testing

// The code of MVIKitNavigation's Navigation article, compiled and run here (its terminal view in
// MVIKitTerminalTests' NavigationArticleTerminalExample.swift, its SwiftUI view not at all):
// ArticleSnippetTests fails when a swift block of the article is not found in these files line
// for line, so change them together.

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
