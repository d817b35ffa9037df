import Foundation
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
    /// How much of the image has arrived, while a slow download runs.
    public var download: DownloadProgress?
    /// Where the poster shown when the screen last closed came from (the showcase remembers
    /// it): fetched again when the screen appears, so the same poster shows.
    public var restoredAddress: URL?

    /// The screen before the first press.
    public init() {}

    /// The title under the poster.
    public var title: String? {
      poster.map { $0.title ?? "Untitled" }
    }
  }

  /// What the user pressed or what the fetch answered.
  public enum Intent: Equatable, Sendable, Codable {
    case appeared
    case getPosterTapped
    case posterLoaded(Poster)
    case posterFailed(String)
    case downloadProgressed(DownloadProgress)
  }

  /// One-shot messages for the view.
  public enum SideEffect: Equatable, Sendable, Codable {
    case toast(String)
  }

  let service: PosterService

  /// A model that gets each poster through `service`.
  public init(service: PosterService) {
    self.service = service
  }

  /// Applies `intent` to `state`; see the type for what each intent does.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .appeared:
      guard let address = state.restoredAddress, state.poster == nil, !state.isLoading else {
        return .none
      }
      return fetch(address, &state)
    case .getPosterTapped:
      return fetch(nil, &state)
    case .posterLoaded(let poster):
      state.isLoading = false
      state.download = nil
      state.poster = poster
      return .none
    case .posterFailed(let message):
      state.isLoading = false
      state.download = nil
      return .emit(.toast(message))
    case .downloadProgressed(let progress):
      guard state.isLoading else { return .none }
      state.download = progress
      return .none
    }
  }

  /// Fetches the poster at `address`, or a new one when it is nil; a new fetch cancels the one
  /// running.
  private func fetch(_ address: URL?, _ state: inout State) -> Effect<Intent, SideEffect> {
    state.isLoading = true
    state.download = nil
    return .run { [service] send in
      let poster = try await service.fetch(address) { await send(.downloadProgressed($0)) }
      await send(.posterLoaded(poster))
    } catch: { error, send in
      await send(.posterFailed(String(describing: error)))
    }
    .cancellable(id: FetchID.poster, cancelInFlight: true)
  }

  private enum FetchID { case poster }
}
