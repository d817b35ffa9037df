import Foundation

/// Decodes the first frame of a GIF (still or animated), in Swift: no C library to find on any
/// platform. The canvas size is checked against the budget before any pixel is allocated.
public enum GIFDecoder {
  /// Decodes a GIF's first frame onto its canvas, as 8-bit RGB; transparent pixels and the
  /// canvas around the frame are black.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - budget: The largest canvas accepted.
  /// - Throws: ``PosterError``.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> RGBImage
  {
    var reader = GIFReader(bytes: [UInt8](data))
    guard let signature = reader.take(6),
      ["GIF87a", "GIF89a"].contains(String(decoding: signature, as: UTF8.self))
    else { throw .corruptImage(reason: "data is not in gif format") }
    let width = try reader.word()
    let height = try reader.word()
    let flags = try reader.byte()
    _ = reader.take(2)  // background colour, aspect ratio
    try budget.check(width: width, height: height)
    let global = flags & 0x80 != 0 ? try reader.colorTable(bits: flags & 7) : nil
    var transparent: Int?
    while true {
      switch try reader.byte() {
      case 0x21:
        let label = try reader.byte()
        let blocks = try reader.subBlocks()
        // A graphics control block: its flags, a delay, then the transparent colour's index.
        if label == 0xF9, blocks.count >= 4 {
          transparent = blocks[0] & 1 != 0 ? Int(blocks[3]) : nil
        }
      case 0x2C:
        return try readImage(
          &reader, canvas: (width, height), global: global, transparent: transparent)
      case 0x3B:
        throw .corruptImage(reason: "the GIF holds no image")
      default:
        throw .corruptImage(reason: "wrong record type")
      }
    }
  }

  private static func readImage(
    _ reader: inout GIFReader, canvas: (width: Int, height: Int), global: [UInt8]?,
    transparent: Int?
  ) throws(PosterError) -> RGBImage {
    let (width, height) = canvas
    let left = try reader.word()
    let top = try reader.word()
    let frameWidth = try reader.word()
    let frameHeight = try reader.word()
    let flags = try reader.byte()
    guard frameWidth > 0, frameHeight > 0, left + frameWidth <= width, top + frameHeight <= height
    else {
      throw .corruptImage(
        reason: "its first frame (\(frameWidth)×\(frameHeight) at \(left),\(top)) lies outside "
          + "its \(width)×\(height) canvas")
    }
    let local = flags & 0x80 != 0 ? try reader.colorTable(bits: flags & 7) : nil
    guard let colors = local ?? global else {
      throw .corruptImage(reason: "it has no colour table")
    }
    let minimumCodeSize = Int(try reader.byte())
    guard (1...8).contains(minimumCodeSize) else {
      throw .corruptImage(reason: "its LZW code size \(minimumCodeSize) is not 1 to 8")
    }
    let indices = try GIFLZW.decode(
      try reader.subBlocks(), minimumCodeSize: minimumCodeSize, count: frameWidth * frameHeight)
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let rows = rowOrder(height: frameHeight, interlaced: flags & 0x40 != 0)
    for (stored, row) in rows.enumerated() {
      for column in 0..<frameWidth {
        let index = Int(indices[stored * frameWidth + column])
        guard index != transparent, index * 3 + 2 < colors.count else { continue }
        let offset = ((top + row) * width + left + column) * 3
        pixels[offset] = colors[index * 3]
        pixels[offset + 1] = colors[index * 3 + 1]
        pixels[offset + 2] = colors[index * 3 + 2]
      }
    }
    guard let image = RGBImage(width: width, height: height, pixels: pixels) else {
      throw .corruptImage(reason: "its pixel data has the wrong size")
    }
    return image
  }

  /// The rows in the order a GIF stores them: top to bottom, or the four interlace passes.
  public static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
      Array(stride(from: start, to: height, by: step))
    }
  }
}

/// Reads a GIF's bytes in order; running out is a truncated file.
struct GIFReader {
  let bytes: [UInt8]
  var offset = 0

  /// The next `count` bytes, or nil when fewer are left.
  mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard offset + count <= bytes.count else { return nil }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func byte() throws(PosterError) -> UInt8 {
    guard let next = take(1) else { throw Self.truncated }
    return next[next.startIndex]
  }

  /// A little-endian 16-bit number.
  mutating func word() throws(PosterError) -> Int {
    let low = Int(try byte())
    return low | Int(try byte()) << 8
  }

  /// A colour table of 2^(bits + 1) entries, three bytes each.
  mutating func colorTable(bits: UInt8) throws(PosterError) -> [UInt8] {
    guard let table = take(3 << (Int(bits) + 1)) else { throw Self.truncated }
    return Array(table)
  }

  /// Data sub-blocks up to their empty terminator, joined.
  mutating func subBlocks() throws(PosterError) -> [UInt8] {
    var joined: [UInt8] = []
    while true {
      let size = Int(try byte())
      if size == 0 { return joined }
      guard let block = take(size) else { throw Self.truncated }
      joined += block
    }
  }

  static let truncated = PosterError.corruptImage(reason: "the file ends before its image does")
}
