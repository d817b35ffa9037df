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
    /// Whether the fetch since the last load or `r` was already retried once by itself after a
    /// rate limit: a second limit waits for `r`.
    public var hasRetriedByItself = false

    /// An empty screen, before the first fetch.
    public init() {}
  }

  /// What happened on the users screen or in its fetch.
  public enum Intent: Equatable, Sendable, Codable {
    case appeared
    case retryTapped
    case usersLoaded(UserList)
    case loadFailed(String)
    /// The server answered HTTP 429, asking to wait this many seconds when it said.
    case rateLimited(retryAfter: Int?)
    /// The wait after a rate limit is over: the fetch is tried again, once.
    case retryDue
    case selectionMoved(Int)
    case filterChanged(String?)
    case userPicked
  }

  /// Requests for the router.
  public enum SideEffect: Equatable, Sendable, Codable {
    case showDetail(User)
  }

  /// How long a rate limit that does not say is waited out before the one retry.
  public static let defaultRetryDelay = 5
  /// The longest wait the presenter sits out by itself; a server that asks for longer is
  /// retried with `r`.
  public static let longestAutomaticWait = 60

  let interactor: UsersInteractor
  let clock: any Clock<Duration>

  /// A presenter that fetches through `interactor`, and waits out rate limits on `clock`.
  public init(interactor: UsersInteractor, clock: any Clock<Duration> = ContinuousClock()) {
    self.interactor = interactor
    self.clock = clock
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .appeared, .retryTapped:
      guard !state.isLoading else { return .none }
      // The user's own retry (or a new visit) earns a new retry by itself.
      state.hasRetriedByItself = false
      return .merge(.cancel(id: FetchID.retry), load(&state))
    case .retryDue:
      guard !state.isLoading else { return .none }
      return load(&state)
    case .rateLimited(let seconds):
      state.isLoading = false
      let limited = UsersError.rateLimited(retryAfter: seconds).description
      let wait = seconds ?? Self.defaultRetryDelay
      guard !state.hasRetriedByItself, wait <= Self.longestAutomaticWait else {
        let again = state.hasRetriedByItself ? " It was still limited after one retry." : ""
        let when = seconds.map { " once \(UsersError.duration($0)) have passed" } ?? ""
        state.errorMessage = limited + again + " Press r to try again\(when)."
        return .none
      }
      state.hasRetriedByItself = true
      state.errorMessage =
        limited + " Retrying by itself in \(UsersError.duration(wait)); r retries now."
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(wait))
        await send(.retryDue)
      }
      .cancellable(id: FetchID.retry, cancelInFlight: true)
    case .usersLoaded(let list):
      let users = list.users
      state.hasRetriedByItself = false
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

  /// Starts a fetch.
  private func load(_ state: inout State) -> Effect<Intent, SideEffect> {
    state.isLoading = true
    state.errorMessage = nil
    return .run { [interactor] send in
      await send(.usersLoaded(try await interactor.fetchUsers()))
    } catch: { error, send in
      if case UsersError.rateLimited(let seconds) = error {
        await send(.rateLimited(retryAfter: seconds))
      } else {
        await send(.loadFailed(String(describing: error)))
      }
    }
    .cancellable(id: FetchID.users, cancelInFlight: true)
  }

  private enum FetchID { case users, retry }
}
