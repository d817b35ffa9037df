import MVIKit

/// The Presenter of the Users module, as an MVIKit model: view events in, view state out.
///
/// It never touches the view or the router: it asks the interactor for users through an
/// effect, and asks for navigation through a side effect that the router handles.
public struct UsersPresenter: Model {
  /// What the users screen shows.
  public struct State: Equatable, Sendable, Codable {
    /// The users, in the order the backend sent them.
    public var users: [User] = []
    /// Whether a fetch is running.
    public var isLoading = false
    /// Why the last fetch failed; shown centred with a retry hint.
    public var errorMessage: String?
    /// How many users the last fetch skipped, and why; nil when it read every one.
    public var skippedNote: String?
    /// The highlighted row.
    public var selection = 0
    /// What the list is filtered by (`/`), nil when it is not: kept here, not in the view, so
    /// that the showcase can remember it.
    public var filter: String?

    /// An empty screen, before the first fetch.
    public init() {}
  }

  /// What happened on the users screen or in its fetch.
  public enum Intent: Equatable, Sendable, Codable {
    case appeared
    case retryTapped
    case usersLoaded(UserList)
    case loadFailed(String)
    case selectionMoved(Int)
    case filterChanged(String?)
    case userPicked
  }

  /// Requests for the router.
  public enum SideEffect: Equatable, Sendable, Codable {
    case showDetail(User)
  }

  let interactor: UsersInteractor

  /// A presenter that fetches through `interactor`.
  public init(interactor: UsersInteractor) {
    self.interactor = interactor
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .appeared, .retryTapped:
      guard !state.isLoading else { return .none }
      state.isLoading = true
      state.errorMessage = nil
      return .run { [interactor] send in
        await send(.usersLoaded(try await interactor.fetchUsers()))
      } catch: { error, send in
        await send(.loadFailed(String(describing: error)))
      }
      .cancellable(id: FetchID.users, cancelInFlight: true)
    case .usersLoaded(let list):
      let users = list.users
      state.isLoading = false
      state.users = users
      state.skippedNote = list.skippedSummary
      state.selection = min(state.selection, max(users.count - 1, 0))
      return .none
    case .loadFailed(let message):
      state.isLoading = false
      state.errorMessage = message
      return .none
    case .selectionMoved(let index):
      guard !state.users.isEmpty else { return .none }
      state.selection = min(max(index, 0), state.users.count - 1)
      return .none
    case .filterChanged(let filter):
      state.filter = filter
      return .none
    case .userPicked:
      guard state.users.indices.contains(state.selection) else { return .none }
      return .emit(.showDetail(state.users[state.selection]))
    }
  }

  private enum FetchID { case users }
}
