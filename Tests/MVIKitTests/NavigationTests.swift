import MVIKit
import MVIKitNavigation
import MVIKitTesting
import Testing

/// A screen of a stack: a page that can load for a long time.
struct Page: Model {
  struct State: Equatable, Sendable {
    var title: String
    var visits = 0
  }
  enum Intent: Equatable, Sendable {
    case visited
    case loadTapped
  }

  var cancelled = Locked(0)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .visited:
      state.visits += 1
      return .none
    case .loadTapped:
      return .run { [cancelled] _ in
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3600))
        } onCancel: {
          cancelled.withLock { $0 += 1 }
        }
      }
    }
  }
}

/// A browser: a root screen and a stack of pages, plus a confirmation alert.
struct Browser: Model {
  struct State: Equatable, Sendable {
    var path = NavigationStackState<Page.State>()
    var alert: AlertState<Intent>?
    var closedAll = 0
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
      state.closedAll += 1
      return .none
    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }
}

/// A stack of hosts, each of which may show a sheet with a long-running listener: a child of
/// a child of a screen.
struct Desks: Model {
  struct State: Equatable, Sendable {
    var path = NavigationStackState<Host.State>()
  }
  enum Intent: Equatable, Sendable {
    case host(Keyed<Int, Host.Intent>)
    case opened
  }

  static let path = StackLink<Desks, Host>(state: \.path, intent: Intent.host)

  var host = Host()

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .host(let intent):
      return Self.path.reduce(host, &state, intent)
    case .opened:
      state.path.push(Host.State())
      return .none
    }
  }
}

@Suite struct NavigationStackStateTests {
  @Test func pushPopAndDeepLinksKeepStableIDs() {
    var stack = NavigationStackState(["a", "b"])
    #expect(stack.elements == ["a", "b"])
    let c = stack.push("c")
    let d = stack.push("d")
    #expect(stack.ids == [0, 1, c, d])
    #expect(stack.pop() == "d")
    stack.push("e")
    #expect(stack.ids.last != d)
    stack.pop(to: 1)
    #expect(stack.elements == ["a", "b"])
    stack.apply(.push("x"))
    stack.apply(.setPath([0]))
    #expect(stack.elements == ["a"])
    stack.apply(.popToRoot)
    #expect(stack.isEmpty && stack.last == nil)
    #expect(stack.pop() == nil)
    stack[id: 99] = "ignored"
    #expect(stack.isEmpty)
  }
}

@MainActor
@Suite struct NavigationTests {
  @Test func eachPushedScreenRunsItsOwnModel() {
    let store = Store(initialState: Browser.State(), model: Browser())
    store.send(.opened("home"))
    store.send(.opened("news"))
    let screens = store.scope(Browser.path)
    #expect(screens.map(\.title) == ["home", "news"])
    screens[1].send(.visited)
    #expect(store.path.elements.map(\.visits) == [0, 1])
    #expect(store.scope(Browser.path, id: store.path.ids[1]) === screens[1])
  }

  @Test func poppingAScreenCancelsItsEffectsAndDropsLateIntents() async {
    let model = Browser()
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Browser.State(), model: model, attaching: [warnings.observer()])
    store.send(.opened("slow"))
    let id = store.path.ids[0]
    let loading = store.send(.page(Keyed(id, .loadTapped)))
    store.send(.path(.pop))
    await loading.finish()
    #expect(model.page.cancelled.withLock { $0 } == 1)
    store.send(.page(Keyed(id, .visited)))
    #expect(warnings.all.count == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aChildOfAPushedScreenHasItsWorkCancelledWhenItGoes() async {
    let model = Desks()
    let store = Store(initialState: Desks.State(), model: model)
    store.send(.opened)
    let id = store.path.ids[0]
    store.send(.host(Keyed(id, .presentTapped)))
    let listening = store.send(.host(Keyed(id, .sheet(.listenTapped))))
    // The screen stays; only its sheet goes, and the sheet's listener with it.
    store.send(.host(Keyed(id, .dismissTapped)))
    await listening.finish()
    #expect(model.host.sheetModel.cancelled.withLock { $0 } == 1)
    #expect(store.path.ids == [id])
  }

  @Test func aDeepLinkIsJustState() async {
    let store = TestStore(initialState: Browser.State(), model: Browser())
    await store.send(.opened("a")) { $0.path.push(Page.State(title: "a")) }
    await store.send(.page(Keyed(0, .visited))) { $0.path[id: 0]?.visits = 1 }
    await store.send(.path(.pop)) { $0.path.pop() }
  }

  @Test func anAlertIsStateAndItsButtonsSendIntents() async {
    let store = TestStore(
      initialState: Browser.State(path: NavigationStackState([Page.State(title: "a")])),
      model: Browser())
    await store.send(.closeAllTapped) {
      $0.alert = AlertState(
        title: "Close every page?",
        buttons: [.destructive("Close all", send: .closeAllConfirmed), .cancel("Keep")],
        dismissed: .alertDismissed)
    }
    let button = store.state.alert?.buttons.first?.intent
    #expect(button == .closeAllConfirmed)
    await store.send(.closeAllConfirmed) {
      $0.path = NavigationStackState()
      $0.closedAll = 1
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }
}
