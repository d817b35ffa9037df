import CGIF
import DemoServer
import ExampleTestSupport
import Foundation
import Poster
import Testing

/// Real image files made at test time from a server poster: JPEGs by `cjpeg`, WebPs by
/// `cwebp` (Debian's libjpeg-turbo-progs and webp), GIFs by giflib's encoder.
struct ImageFiles {
  let folder: URL
  /// The poster the files are made from, as PNG bytes and decoded pixels.
  let png: Data
  let original: RGBImage

  init() async throws {
    folder = FileManager.default.temporaryDirectory.appending(path: "poster-files-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    png = try await PNGDecoderTests.posterPNG(3)
    original = try PNGDecoder.decode(png)
    try png.write(to: folder.appending(path: "poster.png"))
    try ppm(original).write(to: folder.appending(path: "poster.ppm"))
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// `cjpeg` output, baseline or progressive.
  func jpeg(progressive: Bool) async throws -> Data {
    let output = folder.appending(path: progressive ? "progressive.jpg" : "baseline.jpg")
    try await Tool.run(
      "cjpeg",
      ["-quality", "90"] + (progressive ? ["-progressive"] : [])
        + ["-outfile", output.path, folder.appending(path: "poster.ppm").path])
    return try Data(contentsOf: output)
  }

  /// `cwebp` output, lossy or lossless.
  func webp(lossless: Bool) async throws -> Data {
    let output = folder.appending(path: lossless ? "lossless.webp" : "lossy.webp")
    try await Tool.run(
      "cwebp",
      (lossless ? ["-lossless"] : ["-q", "85"])
        + ["-quiet", folder.appending(path: "poster.png").path, "-o", output.path])
    return try Data(contentsOf: output)
  }

  /// A GIF of the poster in a 6×6×6 colour cube; with `animated`, a second, black frame
  /// follows, which a decoder of the first frame must not show.
  func gif(interlaced: Bool, animated: Bool = false) throws -> Data {
    let output = folder.appending(path: "poster-\(interlaced)-\(animated).gif")
    var status: Int32 = 0
    guard let gif = EGifOpenFileName(output.path, false, &status) else {
      throw GIFWriteFailed(code: status)
    }
    let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
    var colors: [GifColorType] = []
    for red in levels {
      for green in levels {
        for blue in levels { colors.append(GifColorType(Red: red, Green: green, Blue: blue)) }
      }
    }
    colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256 - colors.count)
    let map = GifMakeMapObject(256, colors)
    defer { GifFreeMapObject(map) }
    let width = original.width
    let height = original.height
    EGifSetGifVersion(gif, true)
    guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK else {
      throw GIFWriteFailed(code: gif.pointee.Error)
    }
    func level(_ value: UInt8) -> Int { (Int(value) + 25) / 51 }
    var indices = [GifPixelType](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = original.pixel(x: x, y: y)
        indices[y * width + x] = GifPixelType(
          level(pixel.red) * 36 + level(pixel.green) * 6 + level(pixel.blue))
      }
    }
    let frames =
      animated ? [indices, [GifPixelType](repeating: 0, count: width * height)] : [indices]
    for frame in frames {
      guard EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), interlaced, nil) == GIF_OK
      else { throw GIFWriteFailed(code: gif.pointee.Error) }
      var frame = frame
      for row in GIFDecoder.rowOrder(height: height, interlaced: interlaced) {
        let written = frame.withUnsafeMutableBufferPointer {
          EGifPutLine(gif, $0.baseAddress! + row * width, Int32(width))
        }
        guard written == GIF_OK else { throw GIFWriteFailed(code: gif.pointee.Error) }
      }
    }
    guard EGifCloseFile(gif, &status) == GIF_OK else { throw GIFWriteFailed(code: status) }
    return try Data(contentsOf: output)
  }

  struct GIFWriteFailed: Error {
    let code: Int32
  }

  /// The mean difference per channel between `image` and the original, 0 to 255.
  func meanDifference(_ image: RGBImage) -> Double {
    guard image.pixels.count == original.pixels.count else { return 255 }
    let total = zip(image.pixels, original.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(original.pixels.count)
  }

  private func ppm(_ image: RGBImage) -> Data {
    Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
  }
}
