import ExampleTestSupport
import Foundation
import Poster
import Testing

/// 16-bit PNGs, interlaced or not, decode to the same pixels: libpng's simplified API gets
/// about half the channels of an interlaced 16-bit file wrong when asked for 8 bits
/// (pnggroup/libpng#853), which the decoder works around.
@Suite struct SixteenBitPNGTests {
  /// Writes a 16-bit RGB PNG of a gradient with fine detail, Adam7-interlaced or not, with
  /// Python's zlib: nothing on this machine writes interlaced 16-bit PNGs.
  static let writer = #"""
    import struct, sys, zlib
    width, height, interlaced, path = 96, 80, sys.argv[1] == "1", sys.argv[2]
    def pixel(x, y):
        return ((x * 683 + y * 37) % 65536, (y * 811 + x * x * 13) % 65536, ((x ^ y) * 1021) % 65536)
    def rows(xs, ys):
        out = b""
        for y in ys:
            out += b"\0" + b"".join(struct.pack(">HHH", *pixel(x, y)) for x in xs)
        return out
    if interlaced:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        data = b"".join(rows(range(x0, width, dx), range(y0, height, dy))
                        for x0, y0, dx, dy in passes if x0 < width and y0 < height)
    else:
        data = rows(range(width), range(height))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 1 if interlaced else 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(data))
                   + chunk(b"IEND", b""))
    """#

  static func png(interlaced: Bool, in folder: URL) async throws -> Data {
    let file = folder.appending(path: "sixteen-\(interlaced).png")
    try await Tool.run("python3", ["-c", writer, interlaced ? "1" : "0", file.path])
    return try Data(contentsOf: file)
  }

  @Test func anInterlaced16BitPNGDecodesToTheSamePixelsAsAPlainOne() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "png16-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = try PNGDecoder.decode(try await Self.png(interlaced: false, in: folder))
    let interlaced = try PNGDecoder.decode(try await Self.png(interlaced: true, in: folder))
    #expect(interlaced.width == 96 && interlaced.height == 80)
    var differing = 0
    var largest = 0
    for y in 0..<plain.height {
      for x in 0..<plain.width {
        let (a, b) = (plain.pixel(x: x, y: y), interlaced.pixel(x: x, y: y))
        let gap = max(
          abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)))
        if gap > 0 { differing += 1 }
        largest = max(largest, gap)
      }
    }
    #expect(differing == 0, "\(differing) pixels differ, by up to \(largest)")
  }
}
