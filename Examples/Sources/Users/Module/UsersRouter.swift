import MVIKit
import MVIKitPatterns

/// The Router of the Users module: turns the presenter's navigation requests into screens
/// shown by whoever hosts the module.
///
/// It holds no store and no view, so it can live as long as its host without keeping the
/// module alive: the host's navigation state decides what is on screen, and removing the
/// Users screen from it frees the presenter's store and cancels its fetch.
///
/// ```swift
/// let router = UsersRouter(show: { screen in
///   switch screen {
///   case .detail(let user): appStore.send(.path(.push(.userDetail(user))))
///   }
/// })
/// ```
@MainActor
public final class UsersRouter: Router {
  /// The screens the router can ask for over the list.
  public enum Screen: Equatable, Sendable {
    case detail(User)
  }

  private let show: @MainActor (Screen) -> Void

  /// A router that shows each requested screen with `show`.
  public init(show: @escaping @MainActor (Screen) -> Void) {
    self.show = show
  }

  /// Shows the screen that `sideEffect` asks for.
  public func handle(_ sideEffect: UsersPresenter.SideEffect) {
    switch sideEffect {
    case .showDetail(let user): show(.detail(user))
    }
  }
}
