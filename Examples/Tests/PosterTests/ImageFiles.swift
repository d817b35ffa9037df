import DemoServer
import ExampleTestSupport
import Foundation
import Poster
import Testing

/// Real image files made at test time from a server poster: JPEGs by `cjpeg`, WebPs by
/// `cwebp` (Debian's libjpeg-turbo-progs and webp), GIFs by ``GIFWriter``.
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
  /// follows, which a decoder of the first frame must not show. Written by ``GIFWriter``.
  func gif(interlaced: Bool, animated: Bool = false) throws -> Data {
    func level(_ value: UInt8) -> Int { (Int(value) + 25) / 51 }
    var indices = [UInt8](repeating: 0, count: original.width * original.height)
    for y in 0..<original.height {
      for x in 0..<original.width {
        let pixel = original.pixel(x: x, y: y)
        indices[y * original.width + x] = UInt8(
          level(pixel.red) * 36 + level(pixel.green) * 6 + level(pixel.blue))
      }
    }
    let black = [UInt8](repeating: 0, count: indices.count)
    return Data(
      GIFWriter.colourCube(
        width: original.width, height: original.height,
        frames: animated ? [indices, black] : [indices], interlaced: interlaced))
  }

  func meanDifference(_ image: RGBImage) -> Double {
    guard image.pixels.count == original.pixels.count else { return 255 }
    let total = zip(image.pixels, original.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(original.pixels.count)
  }

  private func ppm(_ image: RGBImage) -> Data {
    Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.pixels)
  }
}
