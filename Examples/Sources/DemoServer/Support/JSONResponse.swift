import Foundation
import Hummingbird

/// Builds JSON responses with a correct `Content-Type` and `Content-Length`.
enum JSONResponse {
  /// The body of every error answer: `{"error": "..."}`.
  struct ErrorBody: Codable, Sendable {
    let error: String
  }

  static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(value) else {
      return raw(
        Data(#"{"error":"Could not encode the response"}"#.utf8), status: .internalServerError)
    }
    return raw(data, status: status)
  }

  static func error(_ message: String, status: HTTPResponse.Status) -> Response {
    make(ErrorBody(error: message), status: status)
  }

  static func raw(_ data: Data, status: HTTPResponse.Status) -> Response {
    Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
    )
  }
}
