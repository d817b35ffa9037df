import MVIKit
import MVIKitPatterns

/// The Router of the Users module: assembles the module (a ``ViperModule`` of the presenter's
/// store and its view) and turns the presenter's navigation requests into screens shown by
/// whoever hosts the module.
///
/// It owns the module only while the list is open: the host's navigation state decides what
/// is on screen, and when the list leaves it the host calls ``dismantle()``, which frees the
/// module, the presenter's store and its running fetch.
///
/// ```swift
/// let router = UsersRouter(show: { screen in
///   switch screen {
///   case .detail(let user): appStore.send(.path(.push(.userDetail(user))))
///   }
/// })
/// let view = router.module(over: usersStore).view
/// ```
@MainActor
public final class UsersRouter: Router {
  /// The screens the router can ask for over the list.
  public enum Screen: Equatable, Sendable {
    case detail(User)
  }

  private let show: @MainActor (Screen) -> Void

  /// The module while its list is open.
  public private(set) var module: ViperModule<UsersPresenter, UsersView>?

  /// A router that shows each requested screen with `show`.
  public init(show: @escaping @MainActor (Screen) -> Void) {
    self.show = show
  }

  /// The module over `store`, the list's store (a root store, or one scoped from the host's):
  /// assembled the first time, then the same one for as long as `store` is the list's. From
  /// then on the presenter's side effects come to this router.
  public func module(over store: Store<UsersPresenter>) -> ViperModule<UsersPresenter, UsersView> {
    if let module, module.store === store { return module }
    let assembled = ViperModule(store: store, view: UsersView(store: store), router: self)
    module = assembled
    return assembled
  }

  /// Lets go of the module once its list has closed, freeing the presenter's store.
  public func dismantle() {
    module = nil
  }

  /// Shows the screen that `sideEffect` asks for.
  public func handle(_ sideEffect: UsersPresenter.SideEffect) {
    switch sideEffect {
    case .showDetail(let user): show(.detail(user))
    }
  }
}
