import Foundation

/// A `multipart/form-data` body: text fields and files, in the order they were added.
package struct MultipartForm: Sendable {
  /// The boundary between parts; random, so it cannot occur in a field by accident.
  package let boundary: String
  private var body = Data()

  package init(boundary: String = "mvikit-\(UUID().uuidString)") {
    self.boundary = boundary
  }

  /// The value of the request's `Content-Type` header.
  package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// Adds a text field.
  package mutating func add(field name: String, value: String) {
    append("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
    append(value)
    append("\r\n")
  }

  /// Adds a file's bytes under `name`, labelled with `fileName` and `contentType`.
  package mutating func add(
    file data: Data, field name: String, fileName: String,
    contentType: String = "application/octet-stream"
  ) {
    append(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; "
        + "filename=\"\(Self.quoted(fileName))\"\r\nContent-Type: \(contentType)\r\n\r\n")
    body.append(data)
    append("\r\n")
  }

  /// The whole body, closed by the final boundary.
  package var encoded: Data {
    var data = body
    data.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
    return data
  }

  private mutating func append(_ text: String) {
    body.append(contentsOf: Array(text.utf8))
  }

  /// A header parameter value with quotes and line breaks made harmless.
  private static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "%22")
      .replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
