import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP answer whose body is read as it arrives: status and headers first, then chunks.
package struct HTTPStream: Sendable {
  /// The HTTP status code.
  package let status: Int
  /// The response headers, by lowercased name.
  package let headers: [String: String]
  /// The body, chunk by chunk; ends with ``TransportFailure`` when the connection breaks.
  /// Stopping the iteration (or cancelling its task) cancels the request.
  package let body: AsyncThrowingStream<Data, any Error>
  /// The URL that answered, after any redirects; nil when the transport did not say.
  package var url: URL?

  /// The value of the header `name`, whatever its case.
  package func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The whole body, for answers that are not streamed.
  package func collect() async throws(TransportFailure) -> Data {
    var data = Data()
    do {
      for try await chunk in body { data.append(chunk) }
    } catch let failure as TransportFailure {
      throw failure
    } catch {
      throw .cancelled
    }
    return data
  }

  /// Sends `request` with `body` and returns once the status and headers have arrived.
  ///
  /// `URLSession.bytes(for:)` does not exist in swift-corelibs-foundation, so the chunks come
  /// from a data delegate. `idleTimeout` bounds the wait for each next packet, not the whole
  /// answer, because a transcription may stream for as long as its audio lasts.
  package static func send(
    _ request: URLRequest, body: Data, idleTimeout: Duration
  ) async throws(TransportFailure) -> HTTPStream {
    if request.url?.scheme?.lowercased() == "http" {
      return try await PlainHTTPStream.send(request, body: body, idleTimeout: idleTimeout)
    }
    return try await sendWithURLSession(request, body: body, idleTimeout: idleTimeout)
  }

  static func sendWithURLSession(
    _ request: URLRequest, body: Data, idleTimeout: Duration
  ) async throws(TransportFailure) -> HTTPStream {
    let configuration = URLSessionConfiguration.ephemeral
    let seconds = Double(idleTimeout.components.seconds) + 1
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = 24 * 60 * 60
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    let delegate = StreamDelegate()
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    var prepared = request
    prepared.timeoutInterval = seconds
    if !body.isEmpty { prepared.httpBody = body }
    let task = session.dataTask(with: prepared)
    delegate.attach(task: task, session: session)
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          delegate.awaitResponse(continuation)
          task.resume()
        }
      } onCancel: {
        task.cancel()
      }
    } catch let failure as TransportFailure {
      throw failure
    } catch {
      throw .cancelled
    }
  }
}

/// Receives one task's callbacks and hands them to the awaiting caller and the body stream.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct Waiting {
    var response: CheckedContinuation<HTTPStream, any Error>?
    var chunks: AsyncThrowingStream<Data, any Error>.Continuation?
    var task: URLSessionTask?
    var session: URLSession?
  }

  private let waiting = Mutex(Waiting())

  func attach(task: URLSessionTask, session: URLSession) {
    waiting.withLock {
      $0.task = task
      $0.session = session
    }
  }

  func awaitResponse(_ continuation: CheckedContinuation<HTTPStream, any Error>) {
    waiting.withLock { $0.response = continuation }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      finish(with: TransportFailure.malformed("The server's answer was not HTTP."))
      completionHandler(.cancel)
      return
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name.lowercased()] = value
    }
    let (body, chunks) = AsyncThrowingStream<Data, any Error>.makeStream()
    chunks.onTermination = { [weak dataTask] termination in
      if case .cancelled = termination { dataTask?.cancel() }
    }
    let continuation = waiting.withLock {
      $0.chunks = chunks
      return $0.response.take()
    }
    completionHandler(.allow)
    continuation?.resume(
      returning: HTTPStream(status: http.statusCode, headers: headers, body: body, url: http.url))
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    _ = waiting.withLock { $0.chunks }?.yield(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    finish(
      with: error.map { ($0 as? URLError).map(TransportFailure.init) ?? .unreachable("\($0)") })
  }

  /// Ends whichever of the two the caller is waiting on, then lets the session go.
  private func finish(with failure: TransportFailure?) {
    let (response, chunks, session) = waiting.withLock { waiting in
      defer {
        waiting.response = nil
        waiting.chunks = nil
        waiting.session = nil
      }
      return (waiting.response, waiting.chunks, waiting.session)
    }
    if let response {
      response.resume(throwing: failure ?? .malformed("The server sent no answer."))
    }
    if let chunks {
      if let failure { chunks.finish(throwing: failure) } else { chunks.finish() }
    }
    session?.finishTasksAndInvalidate()
  }
}
