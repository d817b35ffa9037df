import ExampleHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A poster fetched from the server.
public struct Poster: Sendable, Equatable, Codable {
  /// The title the server sent in `X-Poster-Title`, if any.
  public var title: String?
  /// The decoded picture.
  public var image: RGBImage
  /// The size of the image file, in bytes.
  public var byteCount: Int
  /// The file's format, as told by its bytes.
  public var format: ImageFormat

  /// Where this very image can be fetched again: the server's `Content-Location`, else the
  /// URL that answered after any redirects; nil when unknown.
  public var address: URL?

  /// Creates a poster.
  /// - Parameters:
  ///   - title: The title.
  ///   - image: The decoded picture.
  ///   - byteCount: The size of the image file.
  ///   - format: The file's format.
  ///   - address: Where the same image can be fetched again.
  public init(
    title: String?, image: RGBImage, byteCount: Int, format: ImageFormat = .png,
    address: URL? = nil
  ) {
    self.title = title
    self.image = image
    self.byteCount = byteCount
    self.format = format
    self.address = address
  }
}

/// Fetches a poster image from one URL on each call, as a random-image service is used: the
/// URL answers with a new image each time, often after a redirect. Redirects are followed,
/// nothing is cached, and the image is decoded by its bytes (PNG, JPEG, WebP or GIF), whatever
/// the `Content-Type` says. Every failure is a ``PosterError``.
///
/// ```swift
/// let client = PosterClient(url: URL(string: "https://picsum.photos/300/450")!)
/// let poster = try await client.fetch()
/// ```
public struct PosterClient: Sendable {
  /// The name of the header that carries a poster's title.
  public static let titleHeader = "X-Poster-Title"

  /// The image URL, fetched on each call.
  public let url: URL
  /// How long the server may stay silent, before answering or while sending, before the fetch
  /// fails with ``PosterError/timeout``.
  public let timeout: Duration
  /// The largest file and image accepted.
  public let budget: ImageBudget

  /// Creates a client.
  /// - Parameters:
  ///   - url: The image URL, fetched on each call.
  ///   - budget: The largest file and image accepted.
  ///   - timeout: The limit for each fetch; 10 seconds by default.
  public init(url: URL, budget: ImageBudget = .init(), timeout: Duration = .seconds(10)) {
    self.url = url
    self.budget = budget
    self.timeout = timeout
  }

  /// A client of the embedded server's `GET /posters/random`.
  /// - Parameter serverURL: The server's root URL.
  public static func randomPosters(at serverURL: URL) -> PosterClient {
    PosterClient(url: serverURL.appending(path: "posters/random"))
  }

  /// Fetches and decodes the image at `address`, or at ``url`` when it is nil.
  /// - Returns: The poster, titled from its `X-Poster-Title` header when there is one, else
  ///   with the URL's file name.
  /// - Parameter progress: Told how much has arrived, at most ten times a second while the
  ///   image downloads.
  /// - Throws: ``PosterError``.
  @concurrent
  public func fetch(
    from address: URL? = nil, progress: (@Sendable (DownloadProgress) async -> Void)? = nil
  ) async throws(PosterError) -> Poster {
    let url = address ?? self.url
    var request = URLRequest(url: url)
    request.setValue("image/webp, image/jpeg, image/png, image/gif", forHTTPHeaderField: "Accept")
    request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
    let prepared = request
    let download: Download
    do {
      // The limit is on silence, not on the whole download: a slow but steady server is
      // waited for, a server that stops sending is not.
      download = try await self.download(prepared, progress: progress)
    } catch let error as PosterError {
      throw error
    } catch TransportFailure.timeout {
      throw .timeout
    } catch {
      throw .cancelled
    }
    guard (200..<300).contains(download.status) else { throw .http(status: download.status) }
    guard ImageFormat(sniffing: download.body) != nil else {
      if Self.isSVG(download.body) { throw .vectorDrawing(contentType: download.contentType) }
      if Self.isHTML(download.body) { throw .webPage(contentType: download.contentType) }
      throw .notAnImage(contentType: download.contentType)
    }
    let (image, format) = try PosterImageDecoder.decode(download.body, budget: budget)
    let answered = download.url ?? url
    return Poster(
      title: download.title ?? Self.fileName(of: url), image: image,
      byteCount: download.body.count, format: format,
      address: download.contentLocation.flatMap { URL(string: $0, relativeTo: answered) }?
        .absoluteURL ?? answered)
  }

  /// A title for an image the server did not name: its file name, or the host.
  public static func fileName(of url: URL) -> String? {
    let name = url.lastPathComponent
    return name.isEmpty || name == "/" ? url.host() : name.removingPercentEncoding ?? name
  }

  private struct Download: Sendable {
    var status: Int
    var contentType: String?
    var title: String?
    var body: Data
    var url: URL?
    var contentLocation: String?
  }

  /// Reads the answer as it arrives, stopping as soon as it is over the byte budget.
  private func download(
    _ request: URLRequest, progress: (@Sendable (DownloadProgress) async -> Void)?
  ) async throws -> Download {
    let answer: HTTPStream
    do {
      answer = try await HTTPStream.send(request, body: Data(), idleTimeout: timeout)
    } catch {
      throw PosterError(error)
    }
    let declared = answer.header("Content-Length").flatMap(Int.init)
    if let declared, declared > budget.maximumBytes {
      throw PosterError.downloadTooLarge(byteCount: declared, maximumBytes: budget.maximumBytes)
    }
    var body = Data()
    let clock = ContinuousClock()
    var reported = clock.now
    do {
      for try await chunk in answer.body {
        body.append(chunk)
        if let progress, reported.duration(to: clock.now) >= .milliseconds(100) {
          reported = clock.now
          await progress(DownloadProgress(received: body.count, expected: declared))
        }
        if body.count > budget.maximumBytes {
          throw PosterError.downloadTooLarge(
            byteCount: body.count, maximumBytes: budget.maximumBytes)
        }
      }
    } catch let failure as TransportFailure {
      throw PosterError(failure)
    }
    if let declared, body.count < declared { throw PosterError.truncated }
    return Download(
      status: answer.status, contentType: answer.header("Content-Type"),
      title: answer.header(Self.titleHeader), body: body, url: answer.url,
      contentLocation: answer.header("Content-Location"))
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
    case .malformed(let reason): self = .badAnswer(reason: reason)
    }
  }
}

extension PosterClient {
  /// Whether `body` is an HTML page: a doctype or an `<html` element at its start, after any
  /// whitespace, byte order mark or comment.
  static func isHTML(_ body: Data) -> Bool {
    let head = String(decoding: body.prefix(1_024), as: UTF8.self).lowercased()
    var rest = Substring(head).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    while rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
      rest = rest[end.upperBound...].drop { $0.isWhitespace }
    }
    return rest.hasPrefix("<!doctype html") || rest.hasPrefix("<html")
  }

  /// Whether `body` is an SVG document: an `<svg` element near its start, after any XML
  /// declaration, comments or doctype.
  static func isSVG(_ body: Data) -> Bool {
    let head = String(decoding: body.prefix(2_048), as: UTF8.self).lowercased()
    let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    return trimmed.hasPrefix("<") && head.contains("<svg")
  }
}
