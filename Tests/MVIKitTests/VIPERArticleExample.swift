import Foundation
import MVIKit
import MVIKitNavigation
import MVIKitPatterns
import MVIKitTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The code of MVIKitPatterns' VIPER article, compiled and run here: ArticleSnippetTests fails
// when a swift block of the article is not found in this file line for line, so change the two
// together.

/// The article's Users module, in a namespace: PatternTests has a VIPER module of its own.
enum VIPERArticle {
  /// Stands in for UIKit's view controller, which these tests cannot import: what the article
  /// shows is the wiring, which is the same with UIKit's. Nothing loads a view by itself here;
  /// a test calls `viewDidLoad()` as UIKit does when it first shows the view.
  @MainActor
  class UIViewController {
    init(nibName: String?, bundle: Bundle?) {}

    required init?(coder: NSCoder) { nil }

    func viewDidLoad() {}
  }

  /// Stands in for UIKit's navigation controller: it keeps what is pushed, as UIKit's holds
  /// the view controllers on its stack.
  @MainActor
  final class UINavigationController {
    private(set) var viewControllers: [UIViewController] = []

    func pushViewController(_ viewController: UIViewController, animated: Bool) {
      viewControllers.append(viewController)
    }
  }

  /// The detail screen the router pushes; the article does not show it.
  final class UserDetailViewController: UIViewController {
    let user: User

    init(user: User) {
      self.user = user
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
  }

  struct User: Decodable, Equatable, Sendable {
    let name: String
  }

  struct UsersInteractor: Interactor {
    var fetchUsers: @Sendable () async throws -> [User]

    static let live = UsersInteractor(fetchUsers: {
      let url = URL(string: "https://jsonplaceholder.typicode.com/users")!
      let (data, _) = try await URLSession.shared.data(from: url)
      return try JSONDecoder().decode([User].self, from: data)
    })
  }

  struct UsersPresenter: Model {
    struct State: Equatable, Sendable {
      var users: [User] = []
      var error: String?
    }

    enum Intent: Equatable, Sendable {
      case appeared
      case usersLoaded([User])
      case usersFailed(String)
      case userTapped(User)
    }

    enum SideEffect: Equatable, Sendable {
      case showDetail(User)
    }

    let interactor: UsersInteractor

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
      switch intent {
      case .appeared:
        return .run { send in
          await send(.usersLoaded(try await interactor.fetchUsers()))
        } catch: { _, send in
          await send(.usersFailed("Something went wrong"))
        }
      case .usersLoaded(let users):
        state.users = users
        state.error = nil
        return .none
      case .usersFailed(let message):
        state.users = []
        state.error = message
        return .none
      case .userTapped(let user):
        return .emit(.showDetail(user))
      }
    }
  }

  final class UsersViewController: UIViewController {
    let store: Store<UsersPresenter>
    private var rendering: Task<Void, Never>?

    init(store: Store<UsersPresenter>) {
      self.store = store
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
      super.viewDidLoad()
      rendering = Task { [weak self, states = store.states] in
        for await state in states {
          self?.render(state)
        }
      }
      store.send(.appeared)
    }

    private func render(_ state: UsersPresenter.State) {
      // Reload the table from state.users, or show state.error.
    }

    // In the table view delegate: store.send(.userTapped(store.users[indexPath.row]))
  }

  final class UsersRouter: Router {
    private(set) var module: ViperModule<UsersPresenter, UsersViewController>?
    private weak var navigation: UINavigationController?
    private let interactor: UsersInteractor

    init(interactor: UsersInteractor) {
      self.interactor = interactor
    }

    func start(in navigation: UINavigationController) {
      let store = Store(
        initialState: UsersPresenter.State(),
        model: UsersPresenter(interactor: interactor)
      )
      let view = UsersViewController(store: store)
      module = ViperModule(store: store, view: view, router: self)
      self.navigation = navigation
      navigation.pushViewController(view, animated: false)
    }

    func handle(_ sideEffect: UsersPresenter.SideEffect) {
      switch sideEffect {
      case .showDetail(let user):
        navigation?.pushViewController(UserDetailViewController(user: user), animated: true)
      }
    }
  }

  /// What starts the app: it keeps the router it returns. Nothing loads the list's view, so
  /// the live interactor is never called.
  @MainActor
  static func startTheApp(in navigationController: UINavigationController) -> UsersRouter {
    let router = UsersRouter(interactor: .live)
    router.start(in: navigationController)
    return router
  }
}

extension VIPERArticle {
  /// The module as one screen of an app built as one tree of models: the app's stack decides
  /// what is on screen, and the router turns the presenter's side effects into the app's
  /// navigation intents.
  enum InAnApp {
    /// The app: a stack of screens, of which the article pushes the detail.
    struct UsersApp: Model {
      enum Screen: Equatable, Sendable {
        case users
        case userDetail(User)
      }

      struct State: Equatable, Sendable {
        var path = NavigationStackState<Screen>()
      }

      enum Intent: Equatable, Sendable {
        case path(NavigationIntent<Screen>)
      }

      func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
        switch intent {
        case .path(let navigation):
          state.path.apply(navigation)
          return .none
        }
      }
    }

    /// A router that holds no store and no view: it shows each screen the presenter asks for
    /// with `show`.
    final class UsersRouter: Router {
      enum Screen: Equatable, Sendable {
        case detail(User)
      }

      private let show: @MainActor (Screen) -> Void

      init(show: @escaping @MainActor (Screen) -> Void) {
        self.show = show
      }

      func handle(_ sideEffect: UsersPresenter.SideEffect) {
        switch sideEffect {
        case .showDetail(let user): show(.detail(user))
        }
      }
    }

    /// The app's store and the router that reaches it weakly.
    @MainActor
    static func makeRouter(for appStore: Store<UsersApp>) -> UsersRouter {
      let router = UsersRouter(show: { [weak appStore] screen in
        switch screen {
        case .detail(let user): appStore?.send(.path(.push(.userDetail(user))))
        }
      })
      return router
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct VIPERArticleTests {
  typealias User = VIPERArticle.User
  typealias UsersInteractor = VIPERArticle.UsersInteractor
  typealias UsersPresenter = VIPERArticle.UsersPresenter
  typealias UsersRouter = VIPERArticle.UsersRouter
  typealias UINavigationController = VIPERArticle.UINavigationController

  @MainActor
  @Test func loadsUsersAndShowsADetail() async {
    let ada = User(name: "Ada")
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [ada] }))
    )
    await store.send(.appeared)
    await store.receive(.usersLoaded([ada])) { $0.users = [ada] }
    await store.send(.userTapped(ada))
    await store.receiveSideEffect(.showDetail(ada))
    await store.finish()
  }

  @Test func aFailedFetchShowsTheError() async {
    let store = TestStore(
      initialState: UsersPresenter.State(users: [User(name: "Ada")]),
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { throw FactError() })))
    await store.send(.appeared)
    await store.receive(.usersFailed("Something went wrong")) {
      $0.users = []
      $0.error = "Something went wrong"
    }
    await store.finish()
  }

  @Test func theRouterPushesTheListThenTheDetailItIsAskedFor() async throws {
    let ada = User(name: "Ada")
    let navigation = UINavigationController()
    let router = UsersRouter(interactor: UsersInteractor(fetchUsers: { [ada] }))
    router.start(in: navigation)
    let module = try #require(router.module)
    #expect(navigation.viewControllers.count == 1)
    #expect(navigation.viewControllers.first === module.view)
    // UIKit loads the view when it first shows it: the view asks for the users.
    module.view.viewDidLoad()
    try await until { module.store.users == [ada] }
    module.store.send(.userTapped(ada))
    try await until { navigation.viewControllers.count == 2 }
    let detail = navigation.viewControllers.last as? VIPERArticle.UserDetailViewController
    #expect(detail?.user == ada)
  }

  @Test func whatStartsTheAppPushesTheListWithoutLoadingIt() throws {
    let navigation = UINavigationController()
    let router = VIPERArticle.startTheApp(in: navigation)
    let module = try #require(router.module)
    #expect(navigation.viewControllers.count == 1)
    #expect(module.store.users.isEmpty)
  }

  @Test func theModuleGoesOnceNothingHoldsItsView() {
    var navigation: UINavigationController? = UINavigationController()
    var router: UsersRouter? = UsersRouter(interactor: UsersInteractor(fetchUsers: { [] }))
    if let navigation { router?.start(in: navigation) }
    weak let module = router?.module
    weak let store = router?.module?.store
    router = nil
    #expect(module == nil)
    // The navigation controller still holds the view, and the view its store.
    #expect(store != nil)
    navigation = nil
    #expect(store == nil)
  }

  @Test func theRouterOfAnAppPushesTheDetailOnTheAppsStack() {
    typealias UsersApp = VIPERArticle.InAnApp.UsersApp
    let ada = User(name: "Ada")
    let router: VIPERArticle.InAnApp.UsersRouter
    weak var freed: Store<UsersApp>?
    do {
      let appStore = Store(
        initialState: UsersApp.State(path: NavigationStackState([UsersApp.Screen.users])),
        model: UsersApp())
      router = VIPERArticle.InAnApp.makeRouter(for: appStore)
      router.handle(.showDetail(ada))
      #expect(appStore.path.elements == [.users, .userDetail(ada)])
      freed = appStore
    }
    // The router reaches the app's store weakly: it does not keep it, and once the store is
    // gone a side effect goes nowhere.
    #expect(freed == nil)
    router.handle(.showDetail(ada))
  }

  /// Lets the tasks on the main actor run until `condition` holds; the suite's time limit ends
  /// a wait that never would.
  private func until(_ condition: () -> Bool) async throws {
    while !condition() { try await Task.sleep(for: .milliseconds(1)) }
  }
}
