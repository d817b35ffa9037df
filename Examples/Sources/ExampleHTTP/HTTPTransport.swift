import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and reads the whole answer, sorting what can go wrong into
/// ``TransportFailure``, so each service client can map it onto its own typed error.
package struct HTTPTransport: Sendable {
  /// How long a request may take before it fails with ``TransportFailure/timeout``.
  package let timeout: Duration

  /// Creates a transport: `http://` over SwiftNIO, `https://` over an ephemeral `URLSession`
  /// (no cookies, no cache on disk) made only when a request needs one, as merely making a
  /// session creates folders in the user's home on Linux.
  package init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Sends `request` and returns the status code and whole body of the answer, or fails once
  /// ``timeout`` has passed.
  package func send(_ request: URLRequest) async throws(TransportFailure) -> HTTPReply {
    let timeout = timeout
    do {
      return try await withDeadline(timeout) {
        let stream = try await HTTPStream.send(
          request, body: request.httpBody ?? Data(), idleTimeout: timeout)
        let body = try await stream.collect()
        if let length = stream.header("Content-Length").flatMap(Int.init), body.count < length {
          throw TransportFailure.truncated
        }
        return HTTPReply(status: stream.status, body: body, headers: stream.headers)
      }
    } catch let failure as TransportFailure {
      throw failure
    } catch is CancellationError {
      throw .cancelled
    } catch {
      throw .unreachable(String(describing: type(of: error)))
    }
  }
}
