import MVIKit
import Observation

/// The Router of the Users module: assembles it, is its entry point, and navigates.
///
/// It owns the module; the module reaches it only weakly, so ``dismiss()`` (or dropping the
/// router) frees the presenter's store, its view and its running fetch.
@MainActor
@Observable
public final class UsersRouter: Router {
  /// The screens the router can push over the list.
  public enum Screen: Equatable, Sendable {
    case detail(User)
  }

  /// The pushed screens; empty while the list shows.
  public private(set) var path: [Screen] = []
  /// The assembled module, while the Users app is open.
  public private(set) var module: ViperModule<UsersPresenter, UsersView>?
  @ObservationIgnored private let interactor: UsersInteractor

  /// A router whose module will fetch through `interactor`.
  public init(interactor: UsersInteractor) {
    self.interactor = interactor
  }

  /// Assembles the module and starts the first fetch; does nothing if it is already running.
  public func start() {
    guard module == nil else { return }
    let store = Store(
      initialState: UsersPresenter.State(), model: UsersPresenter(interactor: interactor))
    module = ViperModule(store: store, view: UsersView(store: store), router: self)
    store.send(.appeared)
  }

  /// Takes the module apart and forgets the pushed screens.
  public func dismiss() {
    module = nil
    path = []
  }

  /// Goes back one screen.
  public func pop() {
    _ = path.popLast()
  }

  /// Pushes the screen that `sideEffect` asks for.
  public func handle(_ sideEffect: UsersPresenter.SideEffect) {
    switch sideEffect {
    case .showDetail(let user):
      path.append(.detail(user))
    }
  }
}
