import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The app's stream of notifications: a GET whose server-sent events are written to standard
/// output as they arrive, event by event, until it is cancelled or the app closes it.
final class BridgeEventStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Only the session's delegate queue touches the buffer, one callback at a time.
  private var buffer = ""
  private var session: URLSession?

  init(request: URLRequest) {
    super.init()
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: queue)
    self.session = session
    session.dataTask(with: request).resume()
  }

  func cancel() { session?.invalidateAndCancel() }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    buffer += String(decoding: data, as: UTF8.self)
    // Whole events end with an empty line; the rest waits for more.
    while let end = buffer.range(of: "\n\n") ?? buffer.range(of: "\r\n\r\n") {
      let event = String(buffer[..<end.upperBound])
      buffer.removeSubrange(..<end.upperBound)
      for message in BridgeEvents.data(in: event) { BridgeOutput.write(message) }
    }
  }
}
