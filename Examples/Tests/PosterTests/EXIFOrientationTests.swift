import CTurboJPEG
import Foundation
import Testing

@testable import Poster

/// A camera photo is drawn upright: a portrait 300×450 picture stored on its side (450×300)
/// with the EXIF orientation that says how to turn it, for each of the eight values.
@Suite struct EXIFOrientationTests {
  typealias Colour = (UInt8, UInt8, UInt8)
  static let red: Colour = (230, 30, 30)
  static let green: Colour = (30, 200, 40)
  static let blue: Colour = (30, 40, 220)
  static let white: Colour = (250, 250, 250)

  /// The upright picture's quadrants (top left, top right, bottom left, bottom right: red,
  /// green, blue, white) where each orientation stores them, worked out from the EXIF
  /// definition by hand rather than by the code under test.
  static let stored: [Int: [Colour]] = [
    1: [red, green, blue, white], 2: [green, red, white, blue],
    3: [white, blue, green, red], 4: [blue, white, red, green],
    5: [red, blue, green, white], 6: [green, white, red, blue],
    7: [white, green, blue, red], 8: [blue, red, white, green],
  ]

  /// A JPEG of four coloured quadrants, `width`×`height`.
  static func jpeg(width: Int, height: Int, quadrants: [Colour]) throws -> Data {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let colour = quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
        pixels += [colour.0, colour.1, colour.2]
      }
    }
    return try JPEGFixture.encode(pixels, width: width, height: height, format: TJPF_RGB)
  }

  /// `jpeg` with an EXIF block holding `orientation` right after its start, as a camera
  /// writes it, in either byte order.
  static func withEXIF(_ jpeg: Data, orientation: Int, bigEndian: Bool = false) -> Data {
    func short(_ value: Int) -> [UInt8] {
      bigEndian
        ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
    }
    func long(_ value: Int) -> [UInt8] {
      let bytes = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), 0, 0]
      return bigEndian ? bytes.reversed() : bytes
    }
    let tiff =
      (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + short(42) + long(8)
      + short(1) + short(0x0112) + short(3) + long(1) + short(orientation) + [0, 0] + long(0)
    let body = Array("Exif\0\0".utf8) + tiff
    let length = body.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
  }

  static func colour(_ image: RGBImage, x: Int, y: Int) -> Colour {
    let at = (y * image.width + x) * 3
    return (image.pixels[at], image.pixels[at + 1], image.pixels[at + 2])
  }

  static func near(_ found: Colour, _ expected: Colour) -> Bool {
    abs(Int(found.0) - Int(expected.0)) <= 12 && abs(Int(found.1) - Int(expected.1)) <= 12
      && abs(Int(found.2) - Int(expected.2)) <= 12
  }

  @Test(arguments: 1...8)
  func aCameraPhotoIsDrawnUpright(orientation: Int) throws {
    let quadrants = try #require(Self.stored[orientation])
    let sideways = orientation >= 5
    let plain = try Self.jpeg(
      width: sideways ? 450 : 300, height: sideways ? 300 : 450, quadrants: quadrants)
    for bigEndian in [false, true] {
      let photo = Self.withEXIF(plain, orientation: orientation, bigEndian: bigEndian)
      #expect(EXIFOrientation.of(jpeg: photo) == orientation)
      let image = try JPEGDecoder.decode(photo)
      #expect(image.width == 300 && image.height == 450, "orientation \(orientation)")
      let upright = [Self.red, Self.green, Self.blue, Self.white]
      let centres = [(75, 112), (225, 112), (75, 337), (225, 337)]
      for (centre, expected) in zip(centres, upright) {
        let found = Self.colour(image, x: centre.0, y: centre.1)
        #expect(Self.near(found, expected), "orientation \(orientation) at \(centre): \(found)")
      }
    }
  }

  @Test func aDamagedOrMissingEXIFBlockLeavesThePhotoAsStored() throws {
    let plain = try Self.jpeg(
      width: 40, height: 20, quadrants: [Self.red, Self.green, Self.blue, Self.white])
    #expect(EXIFOrientation.of(jpeg: plain) == nil)
    let photo = Self.withEXIF(plain, orientation: 6)
    // A directory offset past the block, a value out of range, and a block cut short.
    var cut = Array(photo)
    cut[6 + 12] = 0xFF
    for damaged in [Data(cut), Self.withEXIF(plain, orientation: 9), photo.prefix(24)] {
      #expect(EXIFOrientation.of(jpeg: damaged) == nil)
    }
    let image = try JPEGDecoder.decode(Self.withEXIF(plain, orientation: 9))
    #expect(image.width == 40 && image.height == 20)
  }
}
