import Foundation

/// An HTTP answer: its status code and the whole body.
package struct HTTPReply: Sendable, Equatable {
  /// The HTTP status code, such as `200`.
  package let status: Int
  /// The body bytes.
  package let body: Data
  /// The response headers, by lowercased name.
  package var headers: [String: String] = [:]

  package init(status: Int, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }

  /// The value of the header `name`, whatever its case.
  package func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// Whether the status is in `200..<300`.
  package var isSuccess: Bool { (200..<300).contains(status) }
}
