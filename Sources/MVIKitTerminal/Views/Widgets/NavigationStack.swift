/// A stack of screens driven by state: it shows the last screen of `path`, or `root` when the
/// path is empty, and Esc calls `onPop`.
///
/// Push by appending to the path in your reducer; pop by removing the last element.
///
/// ```swift
/// NavigationStack(path: store.path, onPop: { store.send(.back) }) {
///   UserListScreen(store: store)
/// } destination: { screen in
///   switch screen {
///   case let .detail(user): UserDetailScreen(user: user)
///   }
/// }
/// ```
///
/// Each depth has its own focus and cursors, so coming back finds the list as it was.
public struct NavigationStack: View, Element {
  private let screen: ViewGroup
  private let depth: Int
  private let onPop: @MainActor () -> Void

  /// Shows the last of `path` built by `destination`, or `root` when `path` is empty.
  public init<Screen>(
    path: [Screen], onPop: @escaping @MainActor () -> Void,
    @ViewBuilder root: () -> ViewGroup,
    @ViewBuilder destination: (Screen) -> ViewGroup
  ) {
    self.screen = path.last.map(destination) ?? root()
    self.depth = path.count
    self.onPop = onPop
  }

  /// Shows the last of `screens` built by `content`; Esc pops while more than one is left.
  public init<Screen>(
    screens: [Screen], onPop: @escaping @MainActor () -> Void,
    @ViewBuilder content: (Screen) -> ViewGroup
  ) {
    self.screen = screens.last.map(content) ?? ViewGroup([])
    self.depth = max(0, screens.count - 1)
    self.onPop = onPop
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    screen.measure(proposal, context)
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    screen.flex(axis, context)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    if depth > 0 {
      // The way out is never among the keys the help bar drops for room.
      var back = KeyBinding([.escape], help: "Back", action: onPop)
      back.isPinned = true
      canvas.bind(back)
    }
    canvas.draw(screen, in: rect, id: "screen" + String(depth))
  }
}
