/// What the poster model needs from the outside world: one poster per call, with how much of
/// it has arrived so far.
///
/// A struct of closures, as every sample's dependency is: ``init(client:)`` is the live value,
/// over HTTP; a test makes its own with ``init(fetch:)``.
public struct PosterService: Sendable {
  /// Fetches a poster, telling `progress` how much has arrived.
  public var fetch:
    @Sendable (
      _ progress: @escaping @Sendable (DownloadProgress) async -> Void
    ) async throws -> Poster

  /// A service whose fetch reports its progress, for tests of a slow download.
  public init(
    fetchWithProgress fetch:
      @escaping @Sendable (
        _ progress: @escaping @Sendable (DownloadProgress) async -> Void
      ) async throws -> Poster
  ) {
    self.fetch = fetch
  }

  /// A service that gets each poster from `fetch` and reports no progress, for tests and
  /// previews.
  public init(fetch: @escaping @Sendable () async throws -> Poster) {
    self.init(fetchWithProgress: { _ in try await fetch() })
  }

  /// The live service: fetches each poster over HTTP with `client`, reporting how much has
  /// arrived while a slow download runs.
  public init(client: PosterClient) {
    self.init(fetchWithProgress: { progress in try await client.fetch(progress: progress) })
  }
}
