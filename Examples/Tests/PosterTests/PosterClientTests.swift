import DemoServer
import Foundation
import Hummingbird
import Poster
import Testing

@Suite("PosterClient against real servers on loopback")
struct PosterClientTests {
  static func configuration(_ faults: [String: Fault] = [:]) -> DemoServer.Configuration {
    DemoServer.Configuration(faults: faults, bcryptCost: 4)
  }

  @Test func randomPosterIsAValidPNGWithATitle() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let poster = try await PosterClient(baseURL: server.baseURL).randomPoster()
      #expect(poster.image.width == 240)
      #expect(poster.image.height == 360)
      #expect(poster.byteCount > 1_000)
      let title = try #require(poster.title)
      #expect(DemoServer.posterTitles.contains(title))
    }
  }

  @Test func everyIndexedPosterDecodesWithItsTitle() async throws {
    try await DemoServer.withServer(Self.configuration()) { server in
      let client = PosterClient(baseURL: server.baseURL)
      #expect(DemoServer.posterTitles.count == 6)
      for (index, title) in DemoServer.posterTitles.enumerated() {
        let poster = try await client.poster(index: index)
        #expect(poster.title == title)
        #expect(poster.image.pixels.count == 240 * 360 * 3)
      }
      await #expect(throws: PosterError.http(status: 404)) { try await client.poster(index: 99) }
    }
  }

  @Test func serverErrorIsHTTP500() async throws {
    let faults: [String: Fault] = ["/posters/random": .status(500)]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.http(status: 500)) {
        try await PosterClient(baseURL: server.baseURL).randomPoster()
      }
    }
  }

  @Test func jsonBodyIsNotAnImage() async throws {
    let faults: [String: Fault] = ["/posters/random": .malformedJSON]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.notAnImage(contentType: "application/json; charset=utf-8"))
      {
        try await PosterClient(baseURL: server.baseURL).randomPoster()
      }
    }
  }

  @Test func connectionDroppedMidBodyIsTruncated() async throws {
    let faults: [String: Fault] = ["/posters/2": .truncatedBody]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      await #expect(throws: PosterError.truncated) {
        try await PosterClient(baseURL: server.baseURL).poster(index: 2)
      }
    }
  }

  @Test func slowServerTimesOut() async throws {
    let faults: [String: Fault] = ["/posters/random": .delay(.seconds(30))]
    try await DemoServer.withServer(Self.configuration(faults)) { server in
      let client = PosterClient(baseURL: server.baseURL, timeout: .milliseconds(300))
      await #expect(throws: PosterError.timeout) { try await client.randomPoster() }
    }
  }

  @Test func stoppedServerIsUnreachable() async throws {
    let server = try await DemoServer.start(Self.configuration())
    let url = server.baseURL
    await server.stop()
    let error = await #expect(throws: PosterError.self) {
      try await PosterClient(baseURL: url).randomPoster()
    }
    guard case .unreachable = error else {
      Issue.record("expected .unreachable, got \(String(describing: error))")
      return
    }
  }

  @Test func htmlPageIsNotAnImage() async throws {
    try await withStubServer { url in
      await #expect(throws: PosterError.notAnImage(contentType: "text/html; charset=utf-8")) {
        try await PosterClient(baseURL: url).poster(at: url.appending(path: "html"))
      }
    }
  }

  @Test func truncatedPNGIsCorrupt() async throws {
    try await withStubServer { url in
      let error = await #expect(throws: PosterError.self) {
        try await PosterClient(baseURL: url).poster(at: url.appending(path: "half.png"))
      }
      guard case .corruptImage = error else {
        Issue.record("expected .corruptImage, got \(String(describing: error))")
        return
      }
    }
  }
}

/// A Hummingbird server on loopback that serves broken posters the demo server can't: an HTML
/// page, and the first half of a real poster with a matching `Content-Length`.
private func withStubServer(_ body: (URL) async throws -> Void) async throws {
  let png = try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
    try await fetchBytes(server.url("/posters/0"))
  }
  let router = Router()
  router.get("html") { _, _ in
    Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>Not found</body></html>")))
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
