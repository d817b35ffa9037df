import Foundation

/// An HTTP answer: its status code and the whole body.
package struct HTTPReply: Sendable, Equatable {
  /// The HTTP status code, such as `200`.
  package let status: Int
  /// The body bytes.
  package let body: Data

  /// Whether the status is in `200..<300`.
  package var isSuccess: Bool { (200..<300).contains(status) }
}
