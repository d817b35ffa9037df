import MVIKitTerminal

/// The Users app as the showcase shows it: the router's stack over the module's view.
public struct UsersScreen: View {
  let router: UsersRouter

  /// The screen of `router`'s module.
  public init(router: UsersRouter) {
    self.router = router
  }

  /// The screen for the current state.
  public var body: some View {
    if let module = router.module {
      NavigationStack(path: router.path, onPop: router.pop) {
        module.view
      } destination: { screen in
        switch screen {
        case .detail(let user): UserDetailView(user: user)
        }
      }
    } else {
      Text("The Users module is not running.").dim()
    }
  }
}
