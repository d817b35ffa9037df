import Foundation
import Hummingbird
import ServiceLifecycle

/// Makes the server misbehave on the paths named in ``DemoServer/Configuration/faults``.
struct FaultMiddleware: RouterMiddleware {
  typealias Context = BasicRequestContext

  /// Thrown inside a truncated body so Hummingbird closes the connection mid-body.
  struct TruncatedOnPurpose: Error {}

  let faults: [String: Fault]

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
