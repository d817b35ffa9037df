import Foundation
import Login
import MVIKit
import MVIKitPersistence
import MVIKitTesting
import ShowcaseKit
import Testing
import Todos
import Users

/// What the showcase remembers across launches: the app open, Login's email (never its
/// password), the Users and Todos filters, Transcribe's folder.
@MainActor
@Suite struct ShowcaseMemoryTests {
  let models = ShowcaseModelTests()

  func remembering(_ change: (inout ShowcaseMemory) -> Void) -> ShowcaseModel.State {
    var state = ShowcaseModel.State()
    change(&state.memory)
    return state
  }

  @Test func anAppOpensWithWhatWasRememberedForIt() {
    let state = remembering {
      $0.email = "ada@example.com"
      $0.usersFilter = "lov"
      $0.todosFilter = .done
      $0.transcribeFolder = "/srv/audio"
      $0.posterAddress = URL(string: "http://127.0.0.1:8080/posters/3?format=webp")
    }
    let model = models.model(fetchUsers: { [] })
    for (index, app) in ShowcaseApp.allCases.enumerated() {
      var opened = state
      opened.selection = index
      _ = model.reduce(&opened, .openTapped)
      switch opened.path.elements.first {
      case .login(let login)?: #expect(login.email == "ada@example.com")
      case .users(let users)?: #expect(users.filter == "lov")
      case .todos(let todos)?: #expect(todos.filter == .done)
      case .transcribe(let transcribe)?:
        #expect(transcribe.restoredFolder == URL(filePath: "/srv/audio"))
      case .poster(let poster)?:
        #expect(poster.restoredAddress?.absoluteString.hasSuffix("/posters/3?format=webp") == true)
      case .userDetail?, nil: Issue.record("\(app) did not open")
      }
    }
  }

  /// Remembered under the embedded backends and the sample folder, relaunched with flags that
  /// name others: the filter, the poster and the folder of the other sources are forgotten,
  /// and the footer's folder is the one Transcribe opens.
  @Test func aFlagGivenNowWinsOverWhatWasRememberedUnderAnother() throws {
    let remembered = remembering {
      $0.usersFilter = "lov"
      $0.transcribeFolder = "/srv/audio"
      $0.posterAddress = URL(string: "http://127.0.0.1:8080/posters/3?format=webp")
      $0.email = "ada@example.com"
    }
    let now = ShowcaseSources(
      users: URL(string: "http://127.0.0.1:9000/users"),
      posters: URL(string: "https://picsum.photos/300/450"), audioFolder: "/home/me/speech")
    let model = models.model(fetchUsers: { [] }, sources: now)
    var state = remembered
    _ = model.reduce(&state, .launched)
    #expect(state.memory.usersFilter == nil)
    #expect(state.memory.posterAddress == nil)
    #expect(state.memory.transcribeFolder == nil)
    // What no flag names is kept.
    #expect(state.memory.email == "ada@example.com")
    #expect(state.memory.sources == now)

    // Relaunched with the same flags: what was remembered under them comes back.
    state.memory.usersFilter = "hop"
    state.memory.transcribeFolder = "/home/me/speech/more"
    var relaunched = state
    _ = model.reduce(&relaunched, .launched)
    #expect(relaunched.memory.usersFilter == "hop")
    #expect(relaunched.memory.transcribeFolder == "/home/me/speech/more")

    // And without them again: the embedded server's users are not filtered by "hop".
    var plain = relaunched
    _ = models.model(fetchUsers: { [] }).reduce(&plain, .launched)
    #expect(plain.memory.usersFilter == nil)
    #expect(plain.memory.sources == ShowcaseSources())
  }

  @Test func theLaunchReopensTheAppOpenAtTheLastQuit() async {
    let store = TestStore(
      initialState: remembering { $0.lastApp = .login }, model: models.model(fetchUsers: { [] }))
    await store.send(.launched) {
      $0.selection = 3
      $0.path.push(.login(LoginModel.State()))
    }
    // Quit on the home screen: the next launch starts there.
    await store.send(.path(.pop)) {
      $0.path.pop()
      $0.memory.lastApp = nil
    }
    await store.send(.launched)
  }

  @Test func aProblemWithWhatWasRememberedIsShownAsAToast() async {
    let store = TestStore(
      initialState: ShowcaseModel.State(), model: models.model(fetchUsers: { [] }))
    let problem = PersistenceProblem(
      kind: .unreadable(movedTo: "showcase.corrupt-1"), message: "The saved state … was kept.")
    await store.send(.memoryProblem(problem))
    await store.receiveSideEffect(.toast("The saved state … was kept."))
  }

  @Test func theEmailAndTheFilterSurviveARelaunchAndThePasswordNeverIsSaved() async throws {
    let storage = InMemoryStateStorage()
    let persistence = StatePersistence(ShowcaseModel.persisted, in: storage)
    let store = Store(
      initialState: ShowcaseModel.State(), model: models.model(fetchUsers: { [] }),
      attaching: [persistence])
    store.send(.selectionMoved(3))
    store.send(.openTapped)
    store.send(.screen(Keyed(0, .login(.emailChanged("grace@example.com")))))
    store.send(.screen(Keyed(0, .login(.passwordChanged(Secret("hunter2-hunter2"))))))
    await persistence.flush()
    let saved = String(decoding: try #require(storage["showcase"]), as: UTF8.self)
    #expect(saved.contains("grace@example.com"))
    #expect(!saved.contains("hunter2"))
    #expect(saved.contains(#""lastApp":{"value":"login","version":1}"#))

    let relaunched = Store(
      initialState: ShowcaseModel.State(), model: models.model(fetchUsers: { [] }),
      attaching: [StatePersistence(ShowcaseModel.persisted, in: storage)])
    relaunched.send(.launched)
    guard case .login(let login)? = relaunched.path.elements.first else {
      Issue.record("Login was not reopened: \(relaunched.path.elements)")
      return
    }
    #expect(login.email == "grace@example.com")
    #expect(login.password.value.isEmpty)
  }
}
