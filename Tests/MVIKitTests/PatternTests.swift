import Foundation
import MVIKit
import MVIKitPatterns
import MVIKitTesting
import Testing

/// A tiny VIPER module: a presenter that loads names through its interactor and routes to a
/// detail when one is picked.
struct NamesInteractor: Interactor {
  var fetchNames: @Sendable () async throws -> [String]
}

struct NamesPresenter: Model {
  struct State: Equatable, Sendable {
    var names: [String] = []
    var error: String?
  }
  enum Intent: Equatable, Sendable {
    case appeared
    case loaded([String])
    case failed(String)
    case picked(String)
  }
  enum SideEffect: Equatable, Sendable { case showDetail(String) }
  let interactor: NamesInteractor

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .appeared:
      return .run { send in
        await send(.loaded(try await interactor.fetchNames()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .loaded(let names):
      state.names = names
      state.error = nil
      return .none
    case .failed(let message):
      state.error = message
      return .none
    case .picked(let name):
      return .emit(.showDetail(name))
    }
  }
}

@MainActor
final class NamesView {
  let store: Store<NamesPresenter>
  init(store: Store<NamesPresenter>) { self.store = store }
}

@MainActor
final class NamesRouter: Router {
  var module: ViperModule<NamesPresenter, NamesView>?
  var shown: [String] = []

  func start(interactor: NamesInteractor) {
    let store = Store(
      initialState: NamesPresenter.State(), model: NamesPresenter(interactor: interactor))
    module = ViperModule(store: store, view: NamesView(store: store), router: self)
  }

  func handle(_ sideEffect: NamesPresenter.SideEffect) {
    if case .showDetail(let name) = sideEffect { shown.append(name) }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ViperTests {
  @Test func presenterLogicIsTestedWithTheTestStore() async {
    let store = TestStore(
      initialState: NamesPresenter.State(),
      model: NamesPresenter(interactor: NamesInteractor(fetchNames: { ["Ada", "Grace"] })))
    await store.send(.appeared)
    await store.receive(.loaded(["Ada", "Grace"])) { $0.names = ["Ada", "Grace"] }
    await store.send(.picked("Ada"))
    await store.receiveSideEffect(.showDetail("Ada"))
    await store.finish()
  }

  @Test func routerReceivesTheSideEffects() async throws {
    let router = NamesRouter()
    router.start(interactor: NamesInteractor(fetchNames: { ["Ada"] }))
    let store = try #require(router.module?.store)
    await store.send(.appeared).finish()
    store.send(.picked("Ada"))
    for _ in 0..<100 where router.shown.isEmpty { await Task.yield() }
    #expect(router.shown == ["Ada"])
    #expect(router.module?.view.store.names == ["Ada"])
  }

  @Test func moduleIsFreedWhenDismissed() async {
    let router = NamesRouter()
    router.start(interactor: NamesInteractor(fetchNames: { ["Ada"] }))
    weak let module = router.module
    weak let store = router.module?.store
    weak let view = router.module?.view
    router.module = nil
    #expect(module == nil)
    #expect(store == nil)
    #expect(view == nil)
  }

  @Test func moduleIsFreedWithItsRouter() {
    var router: NamesRouter? = NamesRouter()
    router?.start(interactor: NamesInteractor(fetchNames: { [] }))
    weak let weakRouter = router
    weak let store = router?.module?.store
    router = nil
    #expect(weakRouter == nil)
    #expect(store == nil)
  }
}

/// The seed's login screen logic, as an Input/Output face over a model.
struct Credentials: Model {
  struct State: Equatable, Sendable {
    var email = ""
    var password = Secret("")
  }
  enum Intent: Equatable, Sendable {
    case emailChanged(String)
    case passwordChanged(Secret<String>)
  }
  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .emailChanged(let email): state.email = email.trimmingCharacters(in: .whitespaces)
    case .passwordChanged(let password): state.password = password
    }
    return .none
  }
}

enum CredentialsInput: Sendable {
  case email(String)
  case password(String)
}

struct CredentialsOutput: Equatable, Sendable {
  var email: String
  var isLoginEnabled: Bool
  init(state: Credentials.State) {
    email = state.email
    isLoginEnabled = state.email.contains("@") && state.password.value.count >= 6
  }
}

/// A screen that holds the credentials form as a child, for view models on scoped stores.
struct SignIn: Model {
  struct State: Equatable, Sendable { var form = Credentials.State() }
  enum Intent: Equatable, Sendable { case form(Credentials.Intent) }

  static let form = ChildLink<SignIn, Credentials>(state: \.form, intent: Intent.form)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .form(let intent): return Self.form.reduce(Credentials(), &state, intent)
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct InputOutputTests {
  func makeViewModel(
    store: Store<Credentials> = Store(initialState: Credentials.State(), model: Credentials())
  ) -> InputOutputViewModel<Credentials, CredentialsInput, CredentialsOutput> {
    InputOutputViewModel(
      store: store,
      intent: { input in
        switch input {
        case .email(let text): .emailChanged(text)
        case .password(let text): .passwordChanged(Secret(text))
        }
      },
      output: CredentialsOutput.init(state:)
    )
  }

  @Test func outputFollowsInputs() {
    let viewModel = makeViewModel()
    #expect(viewModel.output.isLoginEnabled == false)
    viewModel.send(.email("  ada@example.com "))
    #expect(viewModel[output: \.email] == "ada@example.com")
    viewModel.send(.password("secret1"))
    #expect(viewModel.output.isLoginEnabled)
    #expect(viewModel.store.password == Secret("secret1"))
  }

  @Test func aBindingReadsTheOutputAndSendsAnInput() {
    let viewModel = makeViewModel()
    let email = viewModel.binding(\.email, input: CredentialsInput.email)
    #expect(email.value == "")
    email.value = "  grace@example.com "
    // The model trims; the binding reads what the output says, not what was set.
    #expect(email.value == "grace@example.com")
    #expect(viewModel.store.email == "grace@example.com")
  }

  @Test func transformTurnsAnInputSequenceIntoOutputs() async {
    let viewModel = makeViewModel()
    let (inputs, feed) = AsyncStream.makeStream(of: CredentialsInput.self)
    var outputs = viewModel.transform(inputs).makeAsyncIterator()
    #expect(await outputs.next()?.isLoginEnabled == false)
    feed.yield(.email("ada@example.com"))
    feed.yield(.password("secret1"))
    var last: CredentialsOutput?
    while last?.isLoginEnabled != true {
      last = await outputs.next()
    }
    #expect(
      last == CredentialsOutput(state: .init(email: "ada@example.com", password: Secret("secret1")))
    )
  }

  @Test func anOutputMadeFromMembersIsObservedThroughThoseMembersOnly() {
    let store = Store(initialState: Credentials.State(), model: Credentials())
    let viewModel = InputOutputViewModel<Credentials, CredentialsInput, String>(
      store: store,
      intent: { input in
        switch input {
        case .email(let text): .emailChanged(text)
        case .password(let text): .passwordChanged(Secret(text))
        }
      },
      outputFromMembers: { $0.email })
    var outputs: [String] = []
    let observation = store.observe { _ in outputs.append(viewModel.output) }
    viewModel.send(.password("secret1"))  // not part of the output: no rerun
    viewModel.send(.email("ada@example.com"))
    #expect(outputs == ["", "ada@example.com"])
    observation.cancel()
  }

  @Test func aViewModelOnAScopedStoreKeepsFollowingTheState() async {
    let parent = Store(initialState: SignIn.State(), model: SignIn())
    let viewModel = makeViewModel(store: parent.scope(SignIn.form))
    let (inputs, feed) = AsyncStream.makeStream(of: CredentialsInput.self)
    var outputs = viewModel.transform(inputs).makeAsyncIterator()
    #expect(await outputs.next()?.isLoginEnabled == false)
    feed.yield(.email("ada@example.com"))
    parent.send(.form(.passwordChanged(Secret("secret1"))))
    var last: CredentialsOutput?
    while last?.isLoginEnabled != true {
      last = await outputs.next()
    }
    #expect(last?.email == "ada@example.com")
  }
}
