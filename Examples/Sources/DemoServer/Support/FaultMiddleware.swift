import Foundation
import Hummingbird
import ServiceLifecycle

/// Makes the server misbehave on the paths named in ``DemoServer/Configuration/faults``.
struct FaultMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext

  /// Thrown inside a truncated body so Hummingbird closes the connection mid-body.
  struct TruncatedOnPurpose: Error {}

  let faults: [String: Fault]
  /// How many more requests each rate-limited path refuses.
  private let refusals: [String: Refusals]

  init(faults: [String: Fault]) {
    self.faults = faults
    var refusals: [String: Refusals] = [:]
    for case (let path, .rateLimited(_, let times)) in faults { refusals[path] = Refusals(times) }
    self.refusals = refusals
  }

  /// The requests a rate limit has left to refuse, shared by the server's connections.
  actor Refusals {
    private var left: Int
    init(_ count: Int) { left = count }

    /// Whether this request is refused, counting it.
    func take() -> Bool {
      guard left > 0 else { return false }
      left -= 1
      return true
    }
  }

  func handle(
    _ request: Request,
    context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let fault = faults[request.uri.path] else {
      return try await next(request, context)
    }
    switch fault {
    case .status(let code):
      let status = HTTPResponse.Status(code: code)
      return JSONResponse.error("Injected fault: HTTP \(code)", status: status)
    case .malformedJSON:
      return JSONResponse.raw(Data(#"{"users": [{"id": 1, "name": "#.utf8), status: .ok)
    case .truncatedBody:
      return Self.truncated()
    case .rateLimited(let retryAfter, _):
      guard let refusals = refusals[request.uri.path], await refusals.take() else {
        return try await next(request, context)
      }
      var response = JSONResponse.error(
        "Injected fault: too many requests", status: .tooManyRequests)
      if let retryAfter { response.headers[.retryAfter] = retryAfter }
      return response
    case .delay(let duration):
      // Shutting the server down cancels the wait, so `stop()` never hangs on a slow request.
      try? await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
      return try await next(request, context)
    }
  }

  /// A response that promises 1,000 bytes, sends a few, then drops the connection.
  private static func truncated() -> Response {
    let promised = 1_000
    let sent = ByteBuffer(string: #"[{"id": 1, "name": "Trunc"#)
    return Response(
      status: .ok,
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(contentLength: promised) { writer in
        try await writer.write(sent)
        throw TruncatedOnPurpose()
      }
    )
  }
}
