import Foundation
import Poster
import Testing

/// The Swift GIF decoder on a file written by another encoder: giflib's, with real LZW strings
/// (codes that stand for runs of pixels, a table that grows to 12-bit codes and is cleared).
@Suite struct GIFDecoderTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/giflib-interlaced-animated.gif")

  @Test func anInterlacedAnimatedGIFWrittenByGiflibShowsItsFirstFrame() throws {
    let image = try GIFDecoder.decode(try Data(contentsOf: Self.fixture))
    #expect(image.width == 48 && image.height == 32)
    let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
    var wrong = 0
    for y in 0..<32 {
      for x in 0..<48 {
        // The pattern giflib was given; its second frame, all white, must not show.
        let index = (x * 7 + y * 13) % 216
        let pixel = image.pixel(x: x, y: y)
        let expected = (levels[index / 36], levels[index / 6 % 6], levels[index % 6])
        if (pixel.red, pixel.green, pixel.blue) != expected { wrong += 1 }
      }
    }
    #expect(wrong == 0)
  }

  @Test func imageDataStartingWithACodeNotInTheTableIsCorrupt() throws {
    var bytes = [UInt8](try Data(contentsOf: Self.fixture))
    // The first image's data: after its descriptor (10 bytes), the code size and a block size.
    let descriptor = try #require(bytes.firstIndex(of: 0x2C, after: 13 + 768))
    bytes[descriptor + 12] = 0xFF  // the first codes now name entries that do not exist yet
    bytes[descriptor + 13] = 0xFF
    #expect(throws: PosterError.self) { try GIFDecoder.decode(Data(bytes)) }
  }
}

extension Array where Element == UInt8 {
  fileprivate func firstIndex(of byte: UInt8, after start: Int) -> Int? {
    self[start...].firstIndex(of: byte)
  }
}
