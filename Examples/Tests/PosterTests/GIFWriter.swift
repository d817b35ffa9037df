import Poster

/// Writes GIFs for the tests in a 6×6×6 colour cube, without compression: every pixel is a
/// code of its own, with a clear code before the table would grow past 9-bit codes. A valid GIF
/// that any decoder reads; the LZW strings of a real encoder are covered by the giflib fixture.
enum GIFWriter {
  static func colourCube(width: Int, height: Int, frames: [[UInt8]], interlaced: Bool) -> [UInt8] {
    var bytes = Array("GIF89a".utf8)
    func word(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    word(width)
    word(height)
    bytes += [0xF7, 0, 0]  // a global table of 256 colours
    let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
    for red in levels {
      for green in levels {
        for blue in levels { bytes += [red, green, blue] }
      }
    }
    bytes += [UInt8](repeating: 0, count: (256 - 216) * 3)
    for frame in frames {
      bytes += [0x2C]
      word(0)
      word(0)
      word(width)
      word(height)
      bytes += [interlaced ? 0x40 : 0, 8]
      let rows = GIFDecoder.rowOrder(height: height, interlaced: interlaced)
      let stored = rows.flatMap { frame[$0 * width..<($0 + 1) * width] }
      let data = codes(stored)
      for start in stride(from: 0, to: data.count, by: 255) {
        let block = data[start..<min(start + 255, data.count)]
        bytes += [UInt8(block.count)] + block
      }
      bytes += [0]
    }
    return bytes + [0x3B]
  }

  /// 9-bit codes, least significant bit first: a clear code, up to 254 literals, again.
  private static func codes(_ indices: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var bits = 0
    var count = 0
    func put(_ code: Int) {
      bits |= code << count
      count += 9
      while count >= 8 {
        output.append(UInt8(bits & 0xFF))
        bits >>= 8
        count -= 8
      }
    }
    for (position, index) in indices.enumerated() {
      if position % 254 == 0 { put(256) }
      put(Int(index))
    }
    put(257)
    if count > 0 { output.append(UInt8(bits & 0xFF)) }
    return output
  }
}
