import DemoServer
import Foundation
import MVIKitTerminal
import Poster
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Decoding and fitting posters")
struct PNGDecoderTests {
  static func posterPNG(_ index: Int) async throws -> Data {
    try await DemoServer.withServer(DemoServer.Configuration(bcryptCost: 4)) { server in
      try await fetchBytes(server.url("/posters/\(index)"))
    }
  }

  @Test func decodesAServerPosterWithArtworkNotAFlatColour() async throws {
    let data = try await Self.posterPNG(0)
    #expect(PNGDecoder.looksLikePNG(data))
    let image = try PNGDecoder.decode(data)
    #expect(image.width == 240)
    #expect(image.height == 360)
    var colours = Set<Pixel>()
    for y in stride(from: 0, to: image.height, by: 4) {
      for x in stride(from: 0, to: image.width, by: 4) { colours.insert(image.pixel(x: x, y: y)) }
    }
    #expect(colours.count > 50)
    // The title band at the bottom holds the light letters of the bitmap font.
    let band = (300..<360).flatMap { y in (0..<240).map { x in image.pixel(x: x, y: y) } }
    #expect(band.contains { $0.red > 240 && $0.green > 240 && $0.blue > 220 })
  }

  @Test func postersDiffer() async throws {
    let first = try PNGDecoder.decode(try await Self.posterPNG(0))
    let second = try PNGDecoder.decode(try await Self.posterPNG(1))
    #expect(first != second)
  }

  @Test func nonPNGBytesAreNotAnImage() {
    #expect(throws: PosterError.notAnImage(contentType: nil)) {
      try PNGDecoder.decode(Data("{\"error\": \"nope\"}".utf8))
    }
    #expect(throws: PosterError.notAnImage(contentType: nil)) { try PNGDecoder.decode(Data()) }
  }

  @Test func truncatedAndCorruptPNGsAreCorrupt() async throws {
    let data = try await Self.posterPNG(3)
    for broken in [
      data.prefix(data.count / 2), data.prefix(20),
      Data(PNGDecoder.signature) + Data(repeating: 7, count: 100),
    ] {
      let error = #expect(throws: PosterError.self) { try PNGDecoder.decode(Data(broken)) }
      guard case .corruptImage(let reason) = error else {
        Issue.record("expected .corruptImage, got \(String(describing: error))")
        continue
      }
      #expect(!reason.isEmpty)
    }
  }

  @Test func fittingKeepsAspectAndAveragesColours() throws {
    // Left half red, right half blue, 4x2.
    let pixels: [UInt8] = [
      255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255,
      255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255,
    ]
    let image = try #require(RGBImage(width: 4, height: 2, pixels: pixels))
    let half = image.resized(width: 2, height: 1)
    #expect(half.pixels == [255, 0, 0, 0, 0, 255])
    let blended = image.resized(width: 1, height: 1)
    #expect(blended.pixels == [128, 0, 128])
  }

  @Test func posterFitsATerminalArea() async throws {
    let poster = try PNGDecoder.decode(try await Self.posterPNG(2))
    let fitted = poster.fitting(columns: 40, rows: 15)
    #expect(fitted.width == 20)
    #expect(fitted.height == 30)
    #expect(poster.fitting(columns: 400, rows: 400) == poster)
    #expect(fitted.terminalPixels.count == 20 * 30)
    #expect(RGBImage(width: 2, height: 2, pixels: [1, 2, 3]) == nil)
  }
}

/// The raw body at `url`, fetched with a plain URLSession.
func fetchBytes(_ url: URL) async throws -> Data {
  let (data, _) = try await URLSession.shared.data(from: url)
  return data
}
