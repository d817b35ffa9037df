import Foundation
import Poster
import Testing

/// Each decoder on real files made at test time, then on truncated, corrupt and hostile ones.
@Suite struct ImageDecoderTests {
  @Test(arguments: [false, true])
  func jpegBaselineAndProgressive(progressive: Bool) async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    let (image, format) = try PosterImageDecoder.decode(
      try await files.jpeg(progressive: progressive))
    #expect(format == .jpeg)
    #expect(files.meanDifference(image) < 6)
  }

  @Test(arguments: [false, true])
  func webpLossyAndLossless(lossless: Bool) async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    let (image, format) = try PosterImageDecoder.decode(try await files.webp(lossless: lossless))
    #expect(format == .webp)
    #expect(files.meanDifference(image) < (lossless ? 0.001 : 6))
  }

  @Test(arguments: [false, true])
  func gifFirstFramePlainAndInterlaced(interlaced: Bool) async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    let data = try files.gif(interlaced: interlaced, animated: true)
    let (image, format) = try PosterImageDecoder.decode(data)
    #expect(format == .gif)
    // A 216-colour cube is coarse, but the poster stays the poster (the second frame is black).
    #expect(files.meanDifference(image) < 20)
  }

  @Test func pngStillDecodes() async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    let (image, format) = try PosterImageDecoder.decode(files.png)
    #expect(format == .png)
    #expect(image == files.original)
  }

  /// Every format cut in half is an error with the decoder's reason, never a partial picture.
  @Test func truncatedFilesAreCorrupt() async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    let whole = [
      files.png, try await files.jpeg(progressive: false), try await files.jpeg(progressive: true),
      try await files.webp(lossless: false), try files.gif(interlaced: false),
    ]
    for data in whole {
      let error = #expect(throws: PosterError.self) {
        try PosterImageDecoder.decode(data.prefix(data.count / 2))
      }
      guard case .corruptImage(let reason) = error else {
        Issue.record("expected .corruptImage for \(ImageFormat(sniffing: data)!), got \(error!)")
        continue
      }
      #expect(!reason.isEmpty)
    }
  }

  @Test func garbageAfterAMagicNumberIsCorrupt() throws {
    let noise = Data((0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) })
    let heads: [[UInt8]] = [
      PNGDecoder.signature, [0xFF, 0xD8, 0xFF, 0xE0], Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8),
      Array("GIF89a".utf8),
    ]
    for head in heads {
      let error = #expect(throws: PosterError.self) {
        try PosterImageDecoder.decode(Data(head) + noise)
      }
      // Noise may also read as a header asking for a huge picture, which is refused as such.
      switch error {
      case .corruptImage, .imageTooLarge: continue
      default: Issue.record("expected .corruptImage, got \(String(describing: error))")
      }
    }
    #expect(throws: PosterError.notAnImage(contentType: nil)) {
      try PosterImageDecoder.decode(Data("<html>".utf8) + noise)
    }
  }

  /// Headers that ask for huge images are refused before any pixel buffer is allocated.
  @Test func decompressionBombsAreRefused() async throws {
    let files = try await ImageFiles()
    defer { files.remove() }
    var jpeg = [UInt8](try await files.jpeg(progressive: false))
    let frame = try #require(
      jpeg.indices.dropLast(8).first { jpeg[$0] == 0xFF && [0xC0, 0xC2].contains(jpeg[$0 + 1]) })
    jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0xEA, 0x60, 0xEA, 0x60])  // 60000×60000
    var gif = [UInt8](try files.gif(interlaced: false))
    gif.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])  // 65535×65535 canvas
    var webp = [UInt8](try await files.webp(lossless: false))
    #expect(Array(webp[12..<16]) == Array("VP8 ".utf8))
    webp.replaceSubrange(26..<30, with: [0xFF, 0x3F, 0xFF, 0x3F])  // 16383×16383
    for (bomb, side) in [(jpeg, 60_000), (gif, 65_535), (webp, 16_383)] {
      let error = #expect(throws: PosterError.self) { try PosterImageDecoder.decode(Data(bomb)) }
      #expect(
        error == .imageTooLarge(width: side, height: side, maximumPixels: 24_000_000),
        "\(String(describing: error))")
    }
    let small = ImageBudget(maximumPixels: 10_000)
    #expect(throws: PosterError.imageTooLarge(width: 240, height: 360, maximumPixels: 10_000)) {
      try PosterImageDecoder.decode(files.png, budget: small)
    }
  }
}
