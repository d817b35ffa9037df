import DemoServer
import Foundation
import Hummingbird
import Poster
import Synchronization
import Testing

@Suite("PosterClient against real servers on loopback")
struct PosterClientTests {
  static func configuration(_ faults: [String: Fault] = [:]) -> DemoServer.Configuration {
    DemoServer.Configuration(faults: faults, bcryptCost: 4)
  }

  @Test func randomPosterIsADecodedImageWithATitle() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let poster = try await PosterClient.randomPosters(at: server.baseURL).fetch()
      #expect(poster.image.width == 240)
      #expect(poster.image.height == 360)
      #expect(poster.byteCount > 1_000)
      let title = try #require(poster.title)
      #expect(DemoServer.posterTitles.contains(title))
    }
  }

  @Test func everyIndexedPosterDecodesWithItsTitle() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      #expect(DemoServer.posterTitles.count == 6)
      for (index, title) in DemoServer.posterTitles.enumerated() {
        for format in PosterFormat.allCases {
          let url = posterURL(server, "/posters/\(index)?format=\(format.rawValue)")
          let poster = try await PosterClient(url: url).fetch()
          #expect(poster.title == title)
          #expect(poster.format.rawValue.lowercased() == format.rawValue)
          #expect(poster.image.pixels.count == 240 * 360 * 3)
        }
      }
      await #expect(throws: PosterError.http(status: 404)) {
        try await PosterClient(url: server.url("/posters/99")).fetch()
      }
    }
  }

  @Test func serverErrorIsHTTP500() async throws {
    let faults: [String: Fault] = ["/posters/random": .status(500)]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.http(status: 500)) {
        try await PosterClient.randomPosters(at: server.baseURL).fetch()
      }
    }
  }

  @Test func jsonBodyIsNotAnImage() async throws {
    let faults: [String: Fault] = ["/posters/random": .malformedJSON]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.notAnImage(contentType: "application/json; charset=utf-8"))
      {
        try await PosterClient.randomPosters(at: server.baseURL).fetch()
      }
    }
  }

  @Test func connectionDroppedMidBodyIsTruncated() async throws {
    let faults: [String: Fault] = ["/posters/2": .truncatedBody]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.truncated) {
        try await PosterClient(url: server.url("/posters/2")).fetch()
      }
    }
  }

  @Test func slowServerTimesOut() async throws {
    let faults: [String: Fault] = ["/posters/random": .delay(.seconds(30))]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      let client = PosterClient(
        url: server.url("/posters/random"), timeout: .milliseconds(300))
      await #expect(throws: PosterError.timeout) { try await client.fetch() }
    }
  }

  @Test func stoppedServerIsUnreachable() async throws {
    let server = try await DemoServer.start(Self.configuration())
    let url = server.baseURL
    await server.stop()
    let error = await #expect(throws: PosterError.self) {
      try await PosterClient.randomPosters(at: url).fetch()
    }
    guard case .unreachable = error else {
      Issue.record("expected .unreachable, got \(String(describing: error))")
      return
    }
  }

  @Test func htmlPageIsAWebPageNotAnImage() async throws {
    try await withStubServer { url in
      await #expect(throws: PosterError.webPage(contentType: "text/html; charset=utf-8")) {
        try await PosterClient(url: url.appending(path: "html")).fetch()
      }
    }
  }

  /// A page behind an image's address (a login wall, an error page) sent as `image/jpeg`: the
  /// message says what the body is, not only what its label said.
  @Test func anHTMLPageLabelledAsAJPEGIsCalledAWebPage() async throws {
    try await withStubServer { url in
      let error = await #expect(throws: PosterError.self) {
        try await PosterClient(url: url.appending(path: "page.jpg")).fetch()
      }
      #expect(error == .webPage(contentType: "image/jpeg"))
      let text = error.map(String.init(describing:)) ?? ""
      #expect(text.contains("web page (though it was labelled image/jpeg)"))
      #expect(!text.contains("did not send"))
    }
  }

  @Test func aRedirectLoopSaysTheServerRedirectedTooOften() async throws {
    try await withStubServer { url in
      let error = await #expect(throws: PosterError.self) {
        try await PosterClient(url: url.appending(path: "loop")).fetch()
      }
      let text = error.map(String.init(describing:)) ?? ""
      #expect(text.hasPrefix("The poster server's answer could not be used"))
      #expect(text.contains("redirected more than"))
      #expect(!text.contains("could not be reached"))
    }
  }

  @Test func anSVGLabelledPNGIsNamedForWhatItIs() async throws {
    try await withStubServer { url in
      await #expect(throws: PosterError.vectorDrawing(contentType: "image/png")) {
        try await PosterClient(url: url.appending(path: "drawing.png")).fetch()
      }
    }
    #expect(
      PosterError.vectorDrawing(contentType: "image/png").description
        == "The server sent an SVG drawing, labelled image/png, not a PNG, JPEG, WebP or GIF "
        + "image; point --poster-url at a raster image.")
  }

  @Test func truncatedPNGIsCorrupt() async throws {
    try await withStubServer { url in
      let error = await #expect(throws: PosterError.self) {
        try await PosterClient(url: url.appending(path: "half.png")).fetch()
      }
      guard case .corruptImage = error else {
        Issue.record("expected .corruptImage, got \(String(describing: error))")
        return
      }
    }
  }

  @Test func theEmbeddedServerSendsEveryFormat() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let client = PosterClient.randomPosters(at: server.baseURL)
      var formats = Set<ImageFormat>()
      for _ in 0..<60 where formats.count < 3 {
        formats.insert(try await client.fetch().format)
      }
      #expect(formats == [.png, .jpeg, .webp])
    }
  }

  @Test func aRedirectToAJPEGSentAsOctetStreamIsFollowedAndDecoded() async throws {
    try await withStubServer { url in
      let poster = try await PosterClient(url: url.appending(path: "random")).fetch()
      #expect(poster.format == .jpeg)
      #expect(poster.image.width == 240 && poster.image.height == 360)
    }
  }

  @Test func eachFetchGoesToTheServerWithNoCache() async throws {
    try await withStubServer { url in
      let client = PosterClient(url: url.appending(path: "counted"))
      let first = try await client.fetch()
      let second = try await client.fetch()
      #expect(first.title == "1")
      #expect(second.title == "2")
    }
  }

  @Test func aSlowButSteadyDownloadIsWaitedFor() async throws {
    try await withStubServer { url in
      // 8 slices 150 ms apart: over a second in all, with a 600 ms limit on silence.
      let client = PosterClient(url: url.appending(path: "slow.png"), timeout: .milliseconds(600))
      let reports = Mutex<[DownloadProgress]>([])
      let poster = try await client.fetch { progress in reports.withLock { $0.append(progress) } }
      #expect(poster.format == .png)
      #expect(poster.title == "slow.png")
      // A slow download says how far it has got, against the size the server announced.
      let seen = reports.withLock { $0 }
      #expect(seen.count >= 3)
      #expect(seen.map(\.received) == seen.map(\.received).sorted())
      #expect(
        seen.allSatisfy { $0.expected == poster.byteCount && $0.received <= poster.byteCount })
    }
  }

  @Test func anImageTheServerDidNotNameIsTitledWithItsFileName() {
    #expect(PosterClient.fileName(of: URL(string: "https://picsum.photos/300/450")!) == "450")
    #expect(
      PosterClient.fileName(of: URL(string: "http://x.test/art/sunset%20sky.png")!)
        == "sunset sky.png")
    #expect(PosterClient.fileName(of: URL(string: "http://x.test/")!) == "x.test")
  }

  @Test func aFileOverTheByteBudgetIsRefused() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let client = PosterClient(
        url: posterURL(server, "/posters/0?format=png"), budget: ImageBudget(maximumBytes: 2_000))
      let error = await #expect(throws: PosterError.self) { try await client.fetch() }
      guard case .downloadTooLarge(_, let maximum) = error else {
        Issue.record("expected .downloadTooLarge, got \(String(describing: error))")
        return
      }
      #expect(maximum == 2_000)
    }
  }
}

/// A URL on `server` with a query, which `appending(path:)` would escape.
func posterURL(_ server: RunningServer, _ pathAndQuery: String) -> URL {
  URL(string: server.baseURL.absoluteString + pathAndQuery)!
}

/// A Hummingbird server on loopback that serves broken posters the demo server can't: an HTML
/// page, and the first half of a real poster with a matching `Content-Length`.
private func withStubServer(_ body: (URL) async throws -> Void) async throws {
  let png = try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
    try await fetchBytes(server.url("/posters/0"))
  }
  let router = Router()
  router.get("drawing.png") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "image/png"],
      body: ResponseBody(
        byteBuffer: ByteBuffer(
          string: #"<?xml version="1.0"?>\#n<svg xmlns="http://www.w3.org/2000/svg"/>"#)))
  }
  router.get("html") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>Not found</body></html>")))
  }
  router.get("page.jpg") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "image/jpeg"],
      body: ResponseBody(
        byteBuffer: ByteBuffer(
          string: "\n<!DOCTYPE html>\n<html><head><title>Sign in</title></head></html>")))
  }
  router.get("loop") { _, _ in
    Response(status: .found, headers: [.location: "/loop"])
  }
  // A picsum-style random image: a redirect to a JPEG sent as application/octet-stream.
  router.get("random") { _, _ in
    Response(status: .found, headers: [.location: "/photo/17.jpg"])
  }
  let jpeg = try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
    try await fetchBytes(posterURL(server, "/posters/1?format=jpeg"))
  }
  router.get("photo/17.jpg") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "application/octet-stream"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: jpeg)))
  }
  let hits = Mutex(0)
  router.get("counted") { _, _ in
    let count = hits.withLock {
      $0 += 1
      return $0
    }
    var headers: HTTPFields = [.contentType: "image/png", .cacheControl: "max-age=3600"]
    if let title = HTTPFields.Element.Name("X-Poster-Title") { headers[title] = String(count) }
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
  }
  // The whole poster, a slice every 150 ms: slower in all than a short timeout, never silent
  // for that long.
  router.get("slow.png") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "image/png"],
      body: ResponseBody(contentLength: png.count) { writer in
        let slices = 8
        let size = (png.count + slices - 1) / slices
        for start in stride(from: 0, to: png.count, by: size) {
          try await writer.write(ByteBuffer(bytes: png[start..<min(start + size, png.count)]))
          try await Task.sleep(for: .milliseconds(150))
        }
        try await writer.finish(nil)
      })
  }
  router.get("half.png") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "image/png"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: png.prefix(png.count / 2))))
  }
  let (ports, portSink) = AsyncStream<Int?>.makeStream()
  let app = Application(
    router: router,
    configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in
      portSink.yield(channel.localAddress?.port)
      portSink.finish()
    })
  let task = Task { try await app.runService() }
  defer { task.cancel() }
  var iterator = ports.makeAsyncIterator()
  let reported = await iterator.next()
  guard let port = reported ?? nil, let url = URL(string: "http://127.0.0.1:\(port)") else {
    Issue.record("the stub server did not start")
    return
  }
  try await body(url)
}
