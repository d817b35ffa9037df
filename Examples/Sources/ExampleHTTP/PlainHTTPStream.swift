import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ``HTTPStream`` for plain `http://` URLs over SwiftNIO.
///
/// swift-corelibs-foundation's `URLSession` keeps asking to write to the socket for as long as
/// a streamed answer lasts, which spins a core for the whole of a long transcription; NIO waits
/// for the socket like any event loop. `https://` stays with `URLSession`, which brings TLS.
enum PlainHTTPStream {
  /// The most redirects followed, as `URLSession` would follow them.
  static let maximumRedirects = 10

  /// Sends `request`, following redirects: 303, and 301 or 302 after a POST, continue as a
  /// GET without the body; 307 and 308 repeat the request. A redirect to `https://` continues
  /// on `URLSession`.
  static func send(
    _ request: URLRequest, body: Data, idleTimeout: Duration
  ) async throws(TransportFailure) -> HTTPStream {
    var request = request
    var body = body
    for _ in 0...maximumRedirects {
      var answer = try await sendOnce(request, body: body, idleTimeout: idleTimeout)
      answer.url = request.url
      guard [301, 302, 303, 307, 308].contains(answer.status),
        let location = answer.header("Location"),
        let next = URL(string: location, relativeTo: request.url)?.absoluteURL
      else { return answer }
      if answer.status == 303 || (answer.status < 307 && request.httpMethod == "POST") {
        request.httpMethod = "GET"
        request.setValue(nil, forHTTPHeaderField: "Content-Type")
        body = Data()
      }
      request.url = next
      if next.scheme?.lowercased() == "https" {
        return try await HTTPStream.sendWithURLSession(
          request, body: body, idleTimeout: idleTimeout)
      }
    }
    throw .malformed("The server redirected more than \(maximumRedirects) times.")
  }

  private static func sendOnce(
    _ request: URLRequest, body: Data, idleTimeout: Duration
  ) async throws(TransportFailure) -> HTTPStream {
    guard let url = request.url, let host = url.host else {
      throw .malformed("The request has no host.")
    }
    let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
    do {
      channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(10))
        .connect(host: host, port: url.port ?? 80) { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHTTPClientHandlers()
            return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
              wrappingChannelSynchronously: channel)
          }
        }
    } catch ChannelError.connectTimeout {
      throw .timeout
    } catch {
      throw .unreachable("\(host) refused the connection or could not be found.")
    }
    let head = requestHead(request, url: url, host: host, bodyLength: body.count)
    let (answers, answer) = AsyncStream<Result<HTTPStream, TransportFailure>>.makeStream()
    let (chunks, chunk) = AsyncThrowingStream<Data, any Error>.makeStream()
    let work = Task {
      await exchange(
        on: channel, head: head, body: body, idleTimeout: idleTimeout, answer: answer, chunk: chunk,
        chunks: chunks)
    }
    chunk.onTermination = { termination in
      if case .cancelled = termination { work.cancel() }
    }
    let result = await withTaskCancellationHandler {
      var iterator = answers.makeAsyncIterator()
      return await iterator.next() ?? .failure(.cancelled)
    } onCancel: {
      work.cancel()
    }
    return try result.get()
  }

  private static func requestHead(
    _ request: URLRequest, url: URL, host: String, bodyLength: Int
  ) -> HTTPRequestHead {
    var path = url.path(percentEncoded: true)
    if path.isEmpty { path = "/" }
    if let query = url.query(percentEncoded: true) { path += "?" + query }
    var headers = HTTPHeaders()
    headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      headers.add(name: name, value: value)
    }
    headers.replaceOrAdd(name: "Content-Length", value: String(bodyLength))
    headers.replaceOrAdd(name: "Connection", value: "close")
    let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
    return HTTPRequestHead(version: .http1_1, method: method, uri: path, headers: headers)
  }

  /// Writes the request, hands over the head of the answer, then its body chunk by chunk.
  private static func exchange(
    on channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>,
    head: HTTPRequestHead, body: Data, idleTimeout: Duration,
    answer: AsyncStream<Result<HTTPStream, TransportFailure>>.Continuation,
    chunk: AsyncThrowingStream<Data, any Error>.Continuation,
    chunks: AsyncThrowingStream<Data, any Error>
  ) async {
    let lastActivity = Mutex(ContinuousClock.now)
    let wentSilent = Mutex(false)
    // Closing the channel ends the reads below with an error, so a silent server times out.
    let watchdog = Task { [channel = channel.channel] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(50))
        if lastActivity.withLock({ $0.duration(to: .now) }) > idleTimeout {
          wentSilent.withLock { $0 = true }
          channel.close(promise: nil)
          return
        }
      }
    }
    defer { watchdog.cancel() }
    var answered = false
    var writeFailed = false
    var failure: TransportFailure?
    do {
      try await channel.executeThenClose { inbound, outbound in
        // A server may answer and close before the request is all written (a GET it could
        // answer from the head alone); its answer is then still there to read, so a failed
        // write ends the exchange only when no answer follows.
        do {
          try await outbound.write(.head(head))
          if !body.isEmpty {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
          }
          try await outbound.write(.end(nil))
        } catch {
          writeFailed = true
        }
        for try await part in inbound {
          lastActivity.withLock { $0 = .now }
          switch part {
          case .head(let response):
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            answered = true
            answer.yield(
              .success(
                HTTPStream(status: Int(response.status.code), headers: headers, body: chunks)))
            answer.finish()
          case .body(let buffer):
            chunk.yield(Data(buffer.readableBytesView))
          case .end:
            chunk.finish()
            return
          }
        }
        failure =
          answered
          ? .truncated
          : .unreachable(
            writeFailed
              ? "The connection closed while the request was sent."
              : "The connection closed before an answer.")
      }
    } catch {
      failure = Task.isCancelled ? .cancelled : (answered ? .truncated : .malformed("\(error)"))
    }
    guard var failure else { return }
    // The watchdog's close reads as a closed connection; it is the server's silence.
    if wentSilent.withLock({ $0 }), failure != .cancelled { failure = .timeout }
    if answered {
      chunk.finish(throwing: failure)
    } else {
      answer.yield(.failure(failure))
      answer.finish()
    }
  }
}
