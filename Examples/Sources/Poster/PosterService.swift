import Foundation

/// What the poster model needs from the outside world: one poster per call, with how much of
/// it has arrived so far.
///
/// A struct of closures, as every sample's dependency is: ``init(client:)`` is the live value,
/// over HTTP; a test makes its own with ``init(fetch:)``.
public struct PosterService: Sendable {
  /// Fetches a poster: the one at an address a poster came from before, or a new one when the
  /// address is nil, telling `progress` how much has arrived.
  public var fetch:
    @Sendable (
      _ address: URL?, _ progress: @escaping @Sendable (DownloadProgress) async -> Void
    ) async throws -> Poster

  /// A service that fetches from an address, or a new poster, reporting its progress.
  public init(
    fetchFromAddress fetch:
      @escaping @Sendable (
        _ address: URL?, _ progress: @escaping @Sendable (DownloadProgress) async -> Void
      ) async throws -> Poster
  ) {
    self.fetch = fetch
  }

  /// A service whose fetch reports its progress, for tests of a slow download; an address is
  /// fetched as a new poster.
  public init(
    fetchWithProgress fetch:
      @escaping @Sendable (
        _ progress: @escaping @Sendable (DownloadProgress) async -> Void
      ) async throws -> Poster
  ) {
    self.init(fetchFromAddress: { _, progress in try await fetch(progress) })
  }

  /// A service that gets each poster from `fetch` and reports no progress, for tests and
  /// previews.
  public init(fetch: @escaping @Sendable () async throws -> Poster) {
    self.init(fetchWithProgress: { _ in try await fetch() })
  }

  /// The live service: fetches each poster over HTTP with `client`, reporting how much has
  /// arrived while a slow download runs.
  public init(client: PosterClient) {
    self.init(fetchFromAddress: { address, progress in
      try await client.fetch(from: address, progress: progress)
    })
  }
}
