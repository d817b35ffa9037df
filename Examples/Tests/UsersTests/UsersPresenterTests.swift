import Foundation
import MVIKit
import MVIKitTesting
import Testing

@testable import Users

@MainActor
@Suite struct UsersPresenterTests {
  nonisolated static let ada = User.sample(id: 1, name: "Ada Lovelace")
  nonisolated static let grace = User.sample(id: 2, name: "Grace Hopper")

  @Test func appearingLoadsTheUsers() async {
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [Self.ada, Self.grace] })))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.usersLoaded([Self.ada, Self.grace])) {
      $0.isLoading = false
      $0.users = [Self.ada, Self.grace]
    }
    await store.finish()
  }

  @Test func aFailedFetchShowsItsErrorAndRetryRecovers() async {
    let attempts = Attempts()
    let store = TestStore(
      initialState: UsersPresenter.State(),
      model: UsersPresenter(
        interactor: UsersInteractor(fetchUsers: {
          if await attempts.next() == 1 { throw UsersError.http(500) }
          return [Self.ada]
        })))
    await store.send(.appeared) { $0.isLoading = true }
    await store.receive(.loadFailed(String(describing: UsersError.http(500)))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: UsersError.http(500))
    }
    await store.send(.retryTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.usersLoaded([Self.ada])) {
      $0.isLoading = false
      $0.users = [Self.ada]
    }
    await store.finish()
  }

  @Test func pickingAUserAsksTheRouterForItsDetail() async {
    var state = UsersPresenter.State()
    state.users = [Self.ada, Self.grace]
    let store = TestStore(
      initialState: state, model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [] })))
    await store.send(.selectionMoved(5)) { $0.selection = 1 }
    await store.send(.userPicked)
    await store.receiveSideEffect(.showDetail(Self.grace))
    await store.send(.selectionMoved(-3)) { $0.selection = 0 }
    await store.finish()
  }
}

@MainActor
@Suite struct UsersRouterTests {
  @Test func theRouterShowsTheDetailThePresenterAsksFor() {
    var shown: [UsersRouter.Screen] = []
    let router = UsersRouter(show: { shown.append($0) })
    let ada = User.sample(id: 1, name: "Ada Lovelace")
    router.handle(.showDetail(ada))
    #expect(shown == [.detail(ada)])
  }

  /// VIPER's assembly: the router builds the module over the list's store, the presenter's
  /// pick reaches the router through it, and dismantling frees the store.
  @Test func theRouterAssemblesTheModuleAndHearsThePresenterThroughIt() async throws {
    let ada = User.sample(id: 1, name: "Ada Lovelace")
    let picked = AsyncStream<UsersRouter.Screen>.makeStream()
    let router = UsersRouter(show: { picked.continuation.yield($0) })
    var state = UsersPresenter.State()
    state.users = [ada]
    var store: Store<UsersPresenter>? = Store(
      initialState: state,
      model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [ada] })))
    weak let weakStore = store
    let assembled = ObjectIdentifier(router.module(over: try #require(store)))
    #expect(ObjectIdentifier(router.module(over: try #require(store))) == assembled)
    store?.send(.userPicked)
    var screens = picked.stream.makeAsyncIterator()
    #expect(await screens.next() == .detail(ada))
    store = nil
    router.dismantle()
    #expect(router.module == nil)
    #expect(weakStore == nil)
  }
}

actor Attempts {
  private var count = 0
  func next() -> Int {
    count += 1
    return count
  }
}

extension User {
  static func sample(id: Int, name: String) -> User {
    User(
      id: id, name: name, username: name.lowercased().replacingOccurrences(of: " ", with: "."),
      email: "\(id)@example.com",
      address: Address(
        street: "Main St", suite: "Apt \(id)", city: "Springfield", zipcode: "0000\(id)",
        geo: Address.Geo(lat: "0.0", lng: "0.0")),
      phone: "555-000\(id)", website: "example.com",
      company: Company(name: "Analytical", catchPhrase: "Compute", bs: "engines"))
  }
}
