import MVIKit

/// One assembled VIPER module: its presenter's store, its view, and the wiring to its router.
///
/// Ownership only points one way: the router owns the module, the module owns the store and
/// the view, the view reads the store. Side effects reach the router through a weak reference,
/// so when the router lets go of the module (the screen is dismissed) the whole module is freed
/// and the presenter's running effects are cancelled.
///
/// ```swift
/// final class UsersRouter: Router {
///   private(set) var module: ViperModule<UsersPresenter, UsersView>?
///   func start() {
///     let store = Store(initialState: .init(), model: UsersPresenter(interactor: interactor))
///     module = ViperModule(store: store, view: UsersView(store: store), router: self)
///   }
///   func handle(_ sideEffect: UsersPresenter.SideEffect) { ... }
/// }
/// ```
@MainActor
public final class ViperModule<Presenter: Model, View> {
  /// The store that runs the presenter.
  public let store: Store<Presenter>
  /// The module's view.
  public let view: View
  private let routing: Task<Void, Never>

  /// Assembles a module; every side effect of the presenter goes to `router`, while it exists.
  public init<R: Router>(store: Store<Presenter>, view: View, router: R)
  where R.SideEffect == Presenter.SideEffect {
    self.store = store
    self.view = view
    let sideEffects = store.sideEffects
    routing = Task { [weak router] in
      for await sideEffect in sideEffects {
        guard let router else { return }
        router.handle(sideEffect)
      }
    }
  }

  deinit {
    routing.cancel()
  }
}
