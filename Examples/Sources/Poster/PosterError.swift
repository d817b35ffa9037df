/// Everything that can go wrong while fetching and decoding a poster.
///
/// Each case's ``description`` is a sentence that can be shown to the user as is.
public enum PosterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The server answered with a status outside `200..<300`.
  case http(status: Int)
  /// The body is not an image of a supported format (for example an HTML or JSON page); holds
  /// the declared content type, if any.
  case notAnImage(contentType: String?)
  /// The body is a web page (HTML), whatever its `Content-Type` said: an error page, a login
  /// wall, or the address of a page that shows the image rather than the image itself.
  case webPage(contentType: String?)
  /// The server sent a vector drawing (SVG), which a terminal cannot show as pixels, whatever
  /// its `Content-Type` said.
  case vectorDrawing(contentType: String?)
  /// The body starts like an image but could not be decoded; holds the decoder's reason.
  case corruptImage(reason: String)
  /// The image's header asks for more pixels than the budget allows; refused before decoding.
  case imageTooLarge(width: Int, height: Int, maximumPixels: Int)
  /// The file is bigger than the budget allows; refused before it is all downloaded.
  case downloadTooLarge(byteCount: Int, maximumBytes: Int)
  /// The connection closed before the whole body arrived.
  case truncated
  /// No complete answer within the client's timeout.
  case timeout
  /// The server could not be reached; holds a short reason.
  case unreachable(reason: String)
  /// The server's answer could not be used (it redirected in a loop, or was not HTTP); holds
  /// the reason.
  case badAnswer(reason: String)
  /// The calling task was cancelled.
  case cancelled

  /// A user-readable sentence describing the error.
  public var description: String {
    switch self {
    case .http(let status):
      return "The poster server answered with HTTP \(status)."
    case .vectorDrawing(let contentType):
      let label = contentType.map { ", labelled \($0)" } ?? ""
      return "The server sent an SVG drawing\(label), not a PNG, JPEG, WebP or GIF image; "
        + "point --poster-url at a raster image."
    case .webPage(let contentType):
      let label =
        contentType.map { type in
          type.lowercased().hasPrefix("text/html") ? "" : " (though it was labelled \(type))"
        } ?? ""
      return "The server sent a web page\(label), not a PNG, JPEG, WebP or GIF image; point "
        + "--poster-url at the image's own address."
    case .notAnImage(let contentType):
      return "The server did not send a PNG, JPEG, WebP or GIF image"
        + (contentType.map { " (it sent \($0))." } ?? ".")
    case .imageTooLarge(let width, let height, let maximumPixels):
      return "The poster is too large to show (\(width)×\(height) pixels; the limit is "
        + "\(maximumPixels / 1_000_000) megapixels)."
    case .downloadTooLarge(let byteCount, let maximumBytes):
      return "The poster file is too large (over \(byteCount / 1_000_000) MB; the limit is "
        + "\(maximumBytes / 1_000_000) MB)."
    case .corruptImage(let reason):
      return "The poster image is damaged: \(reason)."
    case .truncated:
      return "The download stopped before the whole poster arrived."
    case .timeout:
      return "The poster server stopped sending for too long."
    case .unreachable(let reason):
      return "The poster server could not be reached: \(reason)"
    case .badAnswer(let reason):
      return "The poster server's answer could not be used: \(reason)"
    case .cancelled:
      return "The download was cancelled."
    }
  }
}
