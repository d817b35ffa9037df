import MVIKit

/// Search as you type: each keystroke asks for results. The ordering bug of the "Finding
/// ordering bugs" article, with types a recording can hold, for an exploration made from a
/// recorded session.
public struct Lookup: Model {
  /// The query typed and the results shown.
  public struct State: Codable, Equatable, Sendable {
    /// What the user typed.
    public var query = ""
    /// The results shown.
    public var results: [String] = []

    /// An empty field.
    public init() {}
  }

  /// A keystroke, and an answer.
  public enum Intent: Codable, Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
  }

  let search: @Sendable (String) async -> [String]
  /// The fix: a new query cancels the request in flight.
  let cancelsStaleRequests: Bool

  /// A search field that asks `search` for each query; without `cancelsStaleRequests`, an
  /// answer for an old query that comes late overwrites the newer one.
  public init(
    search: @escaping @Sendable (String) async -> [String], cancelsStaleRequests: Bool = false
  ) {
    self.search = search
    self.cancelsStaleRequests = cancelsStaleRequests
  }

  /// Asks for results on each keystroke and shows each answer.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .queryChanged(let query):
      state.query = query
      let request = Effect<Intent, Never>.run { [search] send in
        await send(.resultsLoaded(await search(query)))
      }
      return cancelsStaleRequests
        ? request.cancellable(id: "search", cancelInFlight: true) : request
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}
