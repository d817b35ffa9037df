import Foundation
import MVIKit
import MVIKitTerminal
import Users

/// The whole showcase: home or the open app, the backends in use, and the keys.
public struct ShowcaseView: View {
  let store: Store<ShowcaseModel>
  let backends: ShowcaseBackends
  let usersRouter: UsersRouter
  let inspectorURL: URL?
  let agentURL: URL?

  /// The showcase for `store`, whose apps use `backends`; the Users list is the module that
  /// `usersRouter` assembles. With `inspectorURL`, the footer shows where the live inspector
  /// is, and with `agentURL`, where a coding agent reaches it over MCP.
  public init(
    store: Store<ShowcaseModel>, backends: ShowcaseBackends, usersRouter: UsersRouter,
    inspectorURL: URL? = nil, agentURL: URL? = nil
  ) {
    self.store = store
    self.backends = backends
    self.usersRouter = usersRouter
    self.inspectorURL = inspectorURL
    self.agentURL = agentURL
  }

  /// The screen for the current state.
  public var body: some View {
    VStack {
      NavigationStack(
        path: store.scope(ShowcaseModel.screens), onPop: { store.send(.path(.pop)) }
      ) {
        HomeView(store: store)
      } destination: { screen in
        AppScreenView(store: screen, loginHint: backends.loginHint, usersRouter: usersRouter)
      }
      ForEach(backends.footerLines) { line in
        Text(line).dim().lineLimit(1)
      }
      if let inspectorURL {
        // Never cut: a shortened address is no use in a browser.
        Text("inspector: \(inspectorURL.absoluteString)").foreground(.cyan)
      }
      if let agentURL {
        // The token is the page's: an agent sends it as `Authorization: Bearer`.
        Text("agent (MCP): \(agentURL.absoluteString), the same token as a Bearer")
          .foreground(.cyan)
      }
      HelpBar()
    }
    .keyHelp(isPresented: store.isHelpShown) { store.send(.helpToggled) }
  }
}

/// The home screen: the five apps with their pattern and seed.
struct HomeView: View {
  let store: Store<ShowcaseModel>

  var body: some View {
    Box("MVIKit showcase", color: .cyan) {
      Text("Five apps from five articles, each on MVIKit. Enter opens one.").dim()
      List(
        ShowcaseApp.allCases, selection: store.selection,
        onSelect: { store.send(.selectionMoved($0)) },
        onActivate: { _ in store.send(.openTapped) }
      ) { app, isSelected in
        HStack {
          Text(app.title).bold().frame(width: 11)
          Text(app.pattern).foreground(isSelected ? .brightWhite : .cyan).frame(width: 18)
          Text("seed \(app.seed)").dim().frame(width: 9)
          Text(app.summary)
        }
      }
    }
  }
}
