import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A poster fetched from the server.
public struct Poster: Sendable, Equatable {
  /// The title the server sent in `X-Poster-Title`, if any.
  public var title: String?
  /// The decoded picture.
  public var image: RGBImage
  /// The size of the PNG file, in bytes.
  public var byteCount: Int

  /// Creates a poster.
  /// - Parameters:
  ///   - title: The title.
  ///   - image: The decoded picture.
  ///   - byteCount: The size of the PNG file.
  public init(title: String?, image: RGBImage, byteCount: Int) {
    self.title = title
    self.image = image
    self.byteCount = byteCount
  }
}

/// Fetches PNG posters over HTTP and decodes them, sorting every failure into a
/// ``PosterError``.
///
/// ```swift
/// let client = PosterClient(baseURL: server.baseURL, timeout: .seconds(5))
/// let poster = try await client.randomPoster()
/// ```
public struct PosterClient: Sendable {
  /// The name of the header that carries a poster's title.
  public static let titleHeader = "X-Poster-Title"

  /// The server's root URL, such as `http://127.0.0.1:8080`.
  public let baseURL: URL
  /// How long one request may take before it fails with ``PosterError/timeout``.
  public let timeout: Duration
  private let owner: SessionOwner

  /// Creates a client with its own ephemeral session (no cookies, no cache).
  /// - Parameters:
  ///   - baseURL: The server's root URL; posters are under `/posters`.
  ///   - timeout: The limit for each request; 10 seconds by default.
  public init(baseURL: URL, timeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own timeout is only a backstop; `timeout` is enforced by a racing task,
    // since swift-corelibs-foundation rounds its timeouts to whole seconds.
    let backstop = TimeInterval(timeout.components.seconds + 2)
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    owner = SessionOwner(session: URLSession(configuration: configuration))
  }

  /// Fetches `GET /posters/random`: one poster chosen by the server.
  /// - Returns: The poster.
  /// - Throws: ``PosterError``.
  public func randomPoster() async throws(PosterError) -> Poster {
    try await poster(at: baseURL.appending(path: "posters/random"))
  }

  /// Fetches `GET /posters/{index}`.
  /// - Parameter index: The poster's index, from 0.
  /// - Returns: The poster.
  /// - Throws: ``PosterError``; ``PosterError/http(status:)`` with 404 for an unknown index.
  public func poster(index: Int) async throws(PosterError) -> Poster {
    try await poster(at: baseURL.appending(path: "posters/\(index)"))
  }

  /// Fetches and decodes a PNG from any URL.
  /// - Parameter url: Where the PNG is.
  /// - Returns: The poster, titled from its `X-Poster-Title` header.
  /// - Throws: ``PosterError``.
  @concurrent
  public func poster(at url: URL) async throws(PosterError) -> Poster {
    var request = URLRequest(url: url)
    request.setValue("image/png", forHTTPHeaderField: "Accept")
    let (data, response) = try await send(request)
    guard (200..<300).contains(response.statusCode) else {
      throw .http(status: response.statusCode)
    }
    let contentType = response.value(forHTTPHeaderField: "Content-Type")
    guard PNGDecoder.looksLikePNG(data) else { throw .notAnImage(contentType: contentType) }
    let image = try PNGDecoder.decode(data)
    let title = response.value(forHTTPHeaderField: Self.titleHeader)
    return Poster(title: title, image: image, byteCount: data.count)
  }

  private func send(_ request: URLRequest) async throws(PosterError) -> (Data, HTTPURLResponse) {
    let session = owner.session
    let timeout = timeout
    do {
      return try await withThrowingTaskGroup(of: (Data, HTTPURLResponse).self) { group in
        group.addTask { try await Self.perform(request, on: session) }
        group.addTask {
          try await Task.sleep(for: timeout)
          throw PosterError.timeout
        }
        // The first to finish wins; cancelling the other also stops the request.
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw PosterError.timeout }
        return result
      }
    } catch let error as PosterError {
      throw error
    } catch is CancellationError {
      throw .cancelled
    } catch {
      throw .unreachable(reason: "\(type(of: error))")
    }
  }

  private static func perform(_ request: URLRequest, on session: URLSession) async throws
    -> (Data, HTTPURLResponse)
  {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw PosterError(error)
    }
    guard let http = response as? HTTPURLResponse else {
      throw PosterError.unreachable(reason: "the answer was not HTTP.")
    }
    if http.expectedContentLength >= 0, Int64(data.count) < http.expectedContentLength {
      throw PosterError.truncated
    }
    return (data, http)
  }
}

extension PosterError {
  /// Sorts a `URLError`, keeping only its code and host.
  init(_ error: URLError) {
    let host = error.failingURL?.host ?? "the server"
    switch error.code {
    case .timedOut:
      self = .timeout
    case .cancelled:
      self = .cancelled
    case .networkConnectionLost:
      self = .truncated
    case .unknown where error.localizedDescription.contains("transfer closed with"):
      // libcurl's "partial file" error, which swift-corelibs-foundation reports as unknown.
      self = .truncated
    case .cannotConnectToHost:
      self = .unreachable(reason: "\(host) refused the connection.")
    case .cannotFindHost, .dnsLookupFailed:
      self = .unreachable(reason: "\(host) could not be found.")
    case .notConnectedToInternet:
      self = .unreachable(reason: "this device is offline.")
    default:
      self = .unreachable(reason: "\(host) failed with URL error \(error.code.rawValue).")
    }
  }
}

/// Owns a session and invalidates it once no client uses it.
private final class SessionOwner: Sendable {
  let session: URLSession

  init(session: URLSession) {
    self.session = session
  }

  deinit {
    session.finishTasksAndInvalidate()
  }
}
