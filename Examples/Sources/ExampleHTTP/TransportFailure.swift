import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What went wrong below HTTP: the request never got a complete answer.
package enum TransportFailure: Error, Sendable, Equatable {
  /// No complete answer within the timeout.
  case timeout
  /// No connection to the server: refused, unknown host, offline. Holds a short reason.
  case unreachable(String)
  /// The connection closed before the whole body arrived.
  case truncated
  /// The server's answer could not be read as HTTP. Holds a short reason.
  case malformed(String)
  /// The calling task was cancelled.
  case cancelled

  /// Sorts a `URLError`. Only the error code and the host are kept: never the request body.
  init(_ error: URLError) {
    let host = error.failingURL?.host ?? "the server"
    switch error.code {
    case .timedOut:
      self = .timeout
    case .cancelled:
      self = .cancelled
    case .networkConnectionLost:
      self = .truncated
    case .unknown where Self.isCurlPartialTransfer(error):
      self = .truncated
    case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
      .cannotDecodeContentData, .zeroByteResource:
      self = .malformed("The answer from \(host) was not valid HTTP.")
    case .cannotConnectToHost:
      self = .unreachable("\(host) refused the connection.")
    case .cannotFindHost, .dnsLookupFailed:
      self = .unreachable("\(host) could not be found.")
    case .notConnectedToInternet:
      self = .unreachable("This device is offline.")
    default:
      self = .unreachable("The connection to \(host) failed (code \(error.code.rawValue)).")
    }
  }

  /// swift-corelibs-foundation reports curl's "partial file" error, a body shorter than its
  /// `Content-Length`, as an unknown error that carries only curl's message.
  private static func isCurlPartialTransfer(_ error: URLError) -> Bool {
    error.localizedDescription.contains("transfer closed with")
  }
}
