import ExampleHTTP
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
  private let transport: HTTPTransport

  /// Creates a client with its own ephemeral session (no cookies, no cache).
  /// - Parameters:
  ///   - baseURL: The server's root URL; posters are under `/posters`.
  ///   - timeout: The limit for each request; 10 seconds by default.
  public init(baseURL: URL, timeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.timeout = timeout
    transport = HTTPTransport(timeout: timeout)
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
    let reply: HTTPReply
    do {
      reply = try await transport.send(request)
    } catch {
      throw PosterError(error)
    }
    guard reply.isSuccess else { throw .http(status: reply.status) }
    let contentType = reply.header("Content-Type")
    guard PNGDecoder.looksLikePNG(reply.body) else { throw .notAnImage(contentType: contentType) }
    let image = try PNGDecoder.decode(reply.body)
    return Poster(title: reply.header(Self.titleHeader), image: image, byteCount: reply.body.count)
  }
}

extension PosterError {
  /// The poster-specific meaning of a transport failure.
  init(_ failure: TransportFailure) {
    switch failure {
    case .timeout: self = .timeout
    case .cancelled: self = .cancelled
    case .truncated: self = .truncated
    case .unreachable(let reason): self = .unreachable(reason: reason)
    case .malformed(let reason): self = .unreachable(reason: reason)
    }
  }
}
