import Foundation
import Login
import MVIKit
import MVIKitTesting
import Poster
import ShowcaseKit
import Testing
import Todos
import Transcribe
import Users

/// The showcase's root model on its own: opening, navigating and closing apps, with fakes
/// for every backend.
@MainActor
@Suite struct ShowcaseModelTests {
  nonisolated static let ada = User(
    id: 1, name: "Ada Lovelace", username: "ada", email: "ada@example.com",
    address: User.Address(
      street: "St James's Square", suite: "12", city: "London", zipcode: "SW1Y",
      geo: User.Address.Geo(lat: "51.5", lng: "-0.13")),
    phone: "555-0001", website: "ada.example.com",
    company: User.Company(name: "Analytical", catchPhrase: "Engines", bs: "notes"))

  func model(
    fetchUsers: @escaping @Sendable () async throws -> UserList,
    sources: ShowcaseSources = ShowcaseSources()
  ) -> ShowcaseModel {
    ShowcaseModel(
      screen: AppScreen(
        transcribe: TranscribeModel(
          recognizer: .wavOnly,
          startFolder: FileManager.default.temporaryDirectory),
        poster: PosterModel(service: PosterService(fetch: { throw CancellationError() })),
        users: UsersPresenter(interactor: UsersInteractor(fetchUsers: fetchUsers)),
        login: LoginModel(service: LoginService(login: { _, _ in throw CancellationError() })),
        todos: TodosModel(
          storage: TodoStorage(opening: { throw TodoStoreError.readOnly(path: "/x/todos.sqlite") }))
      ), sources: sources)
  }

  func usersScreen(_ change: (inout UsersPresenter.State) -> Void) -> AppScreen.State {
    var state = UsersPresenter.State()
    change(&state)
    return .users(state)
  }

  @Test func openingAnAppPushesItsScreenAndStartsIt() async {
    let store = TestStore(
      initialState: ShowcaseModel.State(), model: model(fetchUsers: { [Self.ada] }))
    await store.send(.selectionMoved(2)) { $0.selection = 2 }
    await store.send(.openTapped) {
      $0.path.push(.users(UsersPresenter.State()))
      $0.memory.lastApp = .users
    }
    await store.receive(.screen(Keyed(0, .users(.appeared)))) {
      $0.path[id: 0] = usersScreen { $0.isLoading = true }
    }
    await store.receive(.screen(Keyed(0, .users(.usersLoaded([Self.ada]))))) {
      $0.path[id: 0] = usersScreen { $0.users = [Self.ada] }
    }
    // Only one app at a time: Enter on the home list does nothing while an app is open.
    await store.send(.openTapped)
    await store.finish()
  }

  @Test func closingAnAppCancelsWhatItWasDoing() async {
    let store = TestStore(
      initialState: ShowcaseModel.State(),
      model: model(fetchUsers: {
        try await Task.sleep(for: .seconds(60))
        return []
      }))
    await store.send(.selectionMoved(2)) { $0.selection = 2 }
    await store.send(.openTapped) {
      $0.path.push(.users(UsersPresenter.State()))
      $0.memory.lastApp = .users
    }
    await store.receive(.screen(Keyed(0, .users(.appeared)))) {
      $0.path[id: 0] = usersScreen { $0.isLoading = true }
    }
    await store.send(.path(.pop)) {
      $0.path.pop()
      $0.memory.lastApp = nil
    }
    // The minute-long fetch was cancelled with its screen: nothing is left to wait for.
    await store.finish()
  }

  @Test func theUsersRouterPushesADetailOverTheList() {
    let store = Store(
      initialState: ShowcaseModel.State(), model: model(fetchUsers: { [Self.ada] }))
    store.send(.selectionMoved(2))
    store.send(.openTapped)
    let router = UsersRouter(show: { screen in
      if case .detail(let user) = screen { store.send(.path(.push(.userDetail(user)))) }
    })
    router.handle(.showDetail(Self.ada))
    #expect(store.path.elements.map(\.app) == [.users, .users])
    #expect(store.path.last?.userDetail == Self.ada)
    let screens = store.scope(ShowcaseModel.screens)
    #expect(screens.count == 2)
    #expect(screens[0].scope(AppScreen.users) != nil)
    #expect(screens[1].scope(AppScreen.users) == nil)
  }

  @Test func anIntentForAClosedScreenIsReportedAndDropped() async {
    var warnings: [String] = []
    let store = Store(
      initialState: ShowcaseModel.State(), model: model(fetchUsers: { [Self.ada] }),
      attaching: [
        FlowObserver { event in
          if case .runtimeWarning(let warning) = event { warnings.append(warning) }
        }
      ])
    store.send(.screen(Keyed(5, .login(.loginTapped))))
    store.send(.openTapped)  // Transcribe, on top as id 0
    await store.send(.screen(Keyed(0, .login(.emailChanged("a@b.co"))))).finish()
    #expect(store.scope(ShowcaseModel.screens).last?.scope(AppScreen.login) == nil)
    #expect(warnings.count == 2)
    #expect(warnings.first?.contains("5") == true)
    #expect(warnings.last?.contains("LoginModel") == true)
  }
}
