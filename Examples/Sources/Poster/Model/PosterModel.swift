import MVIKit

/// A random movie poster on each press.
///
/// A new press cancels the fetch still running, so only the last press is shown. A failed
/// fetch keeps the poster on screen and says why once, as a toast.
public struct PosterModel: Model {
  /// The Poster screen's state.
  public struct State: Equatable, Sendable, Codable {
    /// The poster on screen: the last one that arrived, kept when a later fetch fails.
    public var poster: Poster?
    /// Whether a fetch is running.
    public var isLoading = false

    /// The screen before the first press.
    public init() {}

    /// The title under the poster.
    public var title: String? {
      poster.map { $0.title ?? "Untitled" }
    }
  }

  /// What the user pressed or what the fetch answered.
  public enum Intent: Equatable, Sendable, Codable {
    case getPosterTapped
    case posterLoaded(Poster)
    case posterFailed(String)
  }

  /// One-shot messages for the view.
  public enum SideEffect: Equatable, Sendable, Codable {
    case toast(String)
  }

  let fetch: @Sendable () async throws -> Poster

  /// A model that gets each poster from `fetch`.
  public init(fetch: @escaping @Sendable () async throws -> Poster) {
    self.fetch = fetch
  }

  /// A model that fetches each poster over HTTP with `client`.
  public init(client: PosterClient) {
    self.init(fetch: { try await client.fetch() })
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .getPosterTapped:
      state.isLoading = true
      return .run { [fetch] send in
        await send(.posterLoaded(try await fetch()))
      } catch: { error, send in
        await send(.posterFailed(String(describing: error)))
      }
      .cancellable(id: FetchID.poster, cancelInFlight: true)
    case .posterLoaded(let poster):
      state.isLoading = false
      state.poster = poster
      return .none
    case .posterFailed(let message):
      state.isLoading = false
      return .emit(.toast(message))
    }
  }

  private enum FetchID { case poster }
}
