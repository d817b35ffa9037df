import Foundation
import Login
import MVIKit
import MVIKitPersistence
import MVIKitRecording
import MVIKitTerminal
import Poster
import Todos
import Transcribe
import Users

/// The assembled showcase: the root store over ``ShowcaseModel`` with every app's model and
/// backend, the Users module's router, and how each app's side effects are presented.
///
/// The terminal app and the tests build the showcase the same way, through this type.
@MainActor
public final class ShowcaseRoot {
  /// The store of the whole showcase; every screen's store is scoped from it.
  public let store: Store<ShowcaseModel>
  /// The backends in use.
  public let backends: ShowcaseBackends
  /// Every state of the session, for the time-travel overlay (Ctrl-T).
  public let history: StateHistory<ShowcaseModel>
  /// The Users module's router: it assembles the module while the list is open and pushes
  /// the detail screen.
  public let usersRouter: UsersRouter
  /// The live inspector's address, shown in the footer while one is attached.
  public var inspectorURL: URL?
  /// The address of the inspector's MCP server, for a coding agent, shown beside it.
  public var agentURL: URL?
  /// What keeps the showcase's memory across launches, when the showcase was given a storage.
  public let persistence: StatePersistence<ShowcaseModel>?
  /// Dismantles the Users module once its list has left the stack.
  private var usersListWatch: StoreObservation?

  /// The showcase with its apps talking to `backends`, from the home screen; `recorder`, when
  /// given, records the session from its first state; `memory`, when given, keeps what the
  /// showcase remembers (``ShowcaseMemory``) across launches, loaded before the first frame.
  ///
  /// The Todos model opens the todo database; when it cannot, the Todos screen says why.
  public convenience init(
    backends: ShowcaseBackends, recorder: Recorder<ShowcaseModel>? = nil,
    memory: (any StateStorage)? = nil
  ) {
    self.init(
      backends: backends, model: Self.model(backends), history: StateHistory(),
      initialState: ShowcaseModel.State(), recorder: recorder,
      persistence: memory.map { StatePersistence(ShowcaseModel.persisted, in: $0) })
  }

  /// The showcase after every step of `recording`, replayed without effects, with time travel
  /// showing its last state and able to step back through all of them.
  ///
  /// - Throws: `ReplayDivergence` at the first step whose state differs from the recording.
  public convenience init(
    backends: ShowcaseBackends, replaying recording: Recording<ShowcaseModel>,
    recorder: Recorder<ShowcaseModel>? = nil
  ) throws {
    let model = Self.model(backends)
    let entries = try recording.replay(with: model)
    let history = StateHistory(entries: entries)
    self.init(
      backends: backends, model: model, history: history,
      initialState: entries[entries.count - 1].state, recorder: recorder)
    history.show(history.count - 1)
  }

  private init(
    backends: ShowcaseBackends, model: ShowcaseModel, history: StateHistory<ShowcaseModel>,
    initialState: ShowcaseModel.State, recorder: Recorder<ShowcaseModel>?,
    persistence: StatePersistence<ShowcaseModel>? = nil
  ) {
    self.backends = backends
    self.history = history
    self.persistence = persistence
    // Persistence first, so that the history and the recording start from the state it loads.
    let attachments: [any StoreAttachment<ShowcaseModel>] =
      (persistence.map { [$0] } ?? []) + [history] + (recorder.map { [$0] } ?? [])
    let store = Store(initialState: initialState, model: model, attaching: attachments)
    self.store = store
    let usersRouter = UsersRouter(show: { [weak store] screen in
      switch screen {
      case .detail(let user): store?.send(.path(.push(.userDetail(user))))
      }
    })
    self.usersRouter = usersRouter
    usersListWatch = store.observe { store in
      let isListOpen = store.path.elements.contains { screen in
        if case .users = screen { true } else { false }
      }
      if !isListOpen { usersRouter.dismantle() }
    }
  }

  /// The showcase's model, every app talking to `backends`.
  private static func model(_ backends: ShowcaseBackends) -> ShowcaseModel {
    let screen = AppScreen(
      transcribe: TranscribeModel(
        recognizer: backends.recognizer, startFolder: backends.audioFolder),
      poster: PosterModel(service: PosterService(client: PosterClient(url: backends.posterURL))),
      users: UsersPresenter(
        interactor: UsersInteractor(client: UsersClient(usersURL: backends.usersURL))),
      login: LoginModel(service: LoginService(client: LoginClient(loginURL: backends.loginURL))),
      todos: TodosModel(
        storage: TodoStorage(opening: { [url = backends.todosURL] in try TodoRepository(url: url) })
      ))
    return ShowcaseModel(screen: screen, sources: backends.sources)
  }

  /// The root view.
  public var view: ShowcaseView {
    ShowcaseView(
      store: store, backends: backends, usersRouter: usersRouter, inspectorURL: inspectorURL,
      agentURL: agentURL)
  }

  /// Acts on one side effect of the showcase: Poster's toasts are returned for the terminal
  /// to show. Login has none: its alert is state, which its view draws. The Users module's
  /// side effects go to its router through the module; one sent before the module was
  /// assembled comes here, and goes to the router all the same.
  public func present(_ sideEffect: ShowcaseModel.SideEffect) -> Presentation? {
    switch sideEffect {
    case .toast(let message):
      return .toast(message)
    case .screen(let screen):
      switch screen.value {
      case .users(let sideEffect):
        usersRouter.handle(sideEffect)
        return nil
      case .poster(.toast(let message)):
        return .toast(message)
      }
    }
  }
}
