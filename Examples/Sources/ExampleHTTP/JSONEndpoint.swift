import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The skeleton the samples' JSON clients share (Users' and Login's): one endpoint URL, a
/// timeout, and requests that ask for JSON. Failures below HTTP come out as
/// ``TransportFailure``, which each client maps onto its own typed error; reading the reply is
/// the client's own business.
package struct JSONEndpoint: Sendable {
  /// The endpoint, such as `http://127.0.0.1:8080/users`.
  package var url: URL
  /// How long one request may take before it fails with ``TransportFailure/timeout``.
  package var timeout: Duration {
    get { transport.timeout }
    set { transport = HTTPTransport(timeout: newValue) }
  }
  private var transport: HTTPTransport

  /// An endpoint at `url` whose requests may each take up to `timeout`.
  package init(url: URL, timeout: Duration) {
    self.url = url
    self.transport = HTTPTransport(timeout: timeout)
  }

  /// GETs the endpoint, or `path` below it.
  package func get(_ path: String? = nil) async throws(TransportFailure) -> HTTPReply {
    var request = URLRequest(url: path.map { url.appending(path: $0) } ?? url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return try await transport.send(request)
  }

  /// POSTs `body`, already encoded as JSON, to the endpoint.
  package func post(json body: Data) async throws(TransportFailure) -> HTTPReply {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.httpBody = body
    return try await transport.send(request)
  }
}
