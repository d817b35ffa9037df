import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request with `URLSession` and sorts what can go wrong into
/// ``TransportFailure``, so each service client can map it onto its own typed error.
package struct HTTPTransport: Sendable {
  /// How long a request may take before it fails with ``TransportFailure/timeout``.
  package let timeout: Duration
  private let owner: SessionOwner
  private var session: URLSession { owner.session }

  /// Creates a transport with its own ephemeral session: no cookies, no cache on disk.
  package init(timeout: Duration) {
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.backstop(for: timeout)
    configuration.timeoutIntervalForResource = Self.backstop(for: timeout)
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    self.owner = SessionOwner(session: URLSession(configuration: configuration))
  }

  /// Sends `request` and returns the status code and whole body of the answer, or fails once
  /// ``timeout`` has passed.
  package func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPReply {
    var prepared = request
    prepared.timeoutInterval = Self.backstop(for: timeout)
    let request = prepared
    let session = session
    let timeout = timeout
    do {
      return try await withDeadline(timeout) { try await Self.perform(request, on: session) }
    } catch let failure as TransportFailure {
      throw failure
    } catch is CancellationError {
      throw .cancelled
    } catch {
      throw .unreachable(String(describing: type(of: error)))
    }
  }

  private static func perform(_ request: URLRequest, on session: URLSession) async throws
    -> HTTPReply
  {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError {
      throw TransportFailure(error)
    }
    guard let http = response as? HTTPURLResponse else {
      throw TransportFailure.malformed("The server's answer was not HTTP.")
    }
    if http.expectedContentLength >= 0, Int64(data.count) < http.expectedContentLength {
      throw TransportFailure.truncated
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name.lowercased()] = value
    }
    return HTTPReply(status: http.statusCode, body: data, headers: headers)
  }

  /// URLSession's own timeout, kept only as a backstop behind ``timeout``. swift-corelibs-
  /// foundation rounds it down to whole seconds, so a sub-second value would fire at once.
  private static func backstop(for timeout: Duration) -> TimeInterval {
    let (seconds, attoseconds) = timeout.components
    return TimeInterval(max(seconds, 0) + (attoseconds > 0 ? 1 : 0) + 1)
  }
}

/// Owns a session and invalidates it once no transport uses it any more.
private final class SessionOwner: Sendable {
  let session: URLSession

  init(session: URLSession) {
    self.session = session
  }

  deinit {
    session.finishTasksAndInvalidate()
  }
}
