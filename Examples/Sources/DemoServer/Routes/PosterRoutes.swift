import Foundation
import Hummingbird

extension DemoServer {
  /// The titles of the posters served under `/posters`, in index order.
  public static var posterTitles: [String] { PosterGallery.shared.map(\.title) }
}

/// `GET /posters` (a JSON list of titles), `GET /posters/random` and `GET /posters/{index}`
/// (a poster with its title in `X-Poster-Title` and its format in `X-Poster-Format`).
///
/// `random` picks the poster and its format (PNG, progressive JPEG or WebP) at random;
/// `{index}` sends PNG unless `?format=jpeg|webp|png` asks otherwise. The posters are drawn in
/// code and encoded once, the first time a server starts.
struct PosterRoutes: Sendable {
  struct Listed: Encodable {
    let index: Int
    let title: String
  }

  let posters = PosterGallery.shared

  func register(on router: Router<BasicRequestContext>) {
    router.get("posters") { _, _ in
      JSONResponse.make(
        posters.enumerated().map { Listed(index: $0.offset, title: $0.element.title) })
    }
    router.get("posters/random") { _, _ in
      guard let index = posters.indices.randomElement(),
        let format = PosterFormat.allCases.randomElement()
      else {
        return JSONResponse.error("No posters could be drawn", status: .serviceUnavailable)
      }
      return response(for: index, format: format)
    }
    router.get("posters/:index") { request, context in
      let raw = context.parameters.get("index") ?? ""
      guard let index = Int(raw), posters.indices.contains(index) else {
        return JSONResponse.error("No poster \(raw.prefix(40))", status: .notFound)
      }
      let asked = request.uri.queryParameters.get("format") ?? "png"
      guard let format = PosterFormat(rawValue: asked) else {
        return JSONResponse.error("No format \(asked.prefix(20))", status: .badRequest)
      }
      return response(for: index, format: format)
    }
  }

  private func response(for index: Int, format: PosterFormat) -> Response {
    let poster = posters[index]
    guard let file = poster.files[format] else {
      return JSONResponse.error("No \(format.rawValue) file", status: .serviceUnavailable)
    }
    var headers: HTTPFields = [.contentType: format.contentType]
    if let title = HTTPFields.Element.Name("X-Poster-Title") {
      headers[title] = poster.title
    }
    // Where this very poster is, for a client that wants it again (the random route answers
    // with a different one each time).
    headers[.contentLocation] = "/posters/\(index)?format=\(format.rawValue)"
    if let number = HTTPFields.Element.Name("X-Poster-Index") {
      headers[number] = String(index)
    }
    if let name = HTTPFields.Element.Name("X-Poster-Format") {
      headers[name] = format.rawValue
    }
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file)))
  }
}
