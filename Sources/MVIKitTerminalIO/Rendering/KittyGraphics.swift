/// The kitty graphics protocol's commands: send an image and show it over a rectangle of
/// cells, delete one, delete all. Each is an APC sequence, `ESC _ G keys ; payload ESC \`.
enum KittyGraphics {
  /// Payload bytes per command; the protocol's limit for one chunk.
  static let chunkSize = 4_096

  /// Moves to the image's top-left cell, then sends its RGB pixels in base64 chunks and shows
  /// them scaled to its cells, leaving the cursor where it was (`C=1`) and asking for no
  /// reply (`q=2`).
  static func place(_ image: ImagePlacement, into writer: inout ByteWriter) {
    writer.move(column: image.rect.x, row: image.rect.y)
    var rgb: [UInt8] = []
    rgb.reserveCapacity(image.width * image.height * 3)
    for index in 0..<(image.width * image.height) {
      let pixel =
        index < image.pixels.count ? image.pixels[index] : Pixel(red: 0, green: 0, blue: 0)
      rgb += [pixel.red, pixel.green, pixel.blue]
    }
    let payload = base64(rgb)
    // At least one command, which carries the image's keys, even for no pixels.
    for offset in stride(from: 0, to: max(1, payload.count), by: chunkSize) {
      let end = min(offset + chunkSize, payload.count)
      writer.bytes.append(contentsOf: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")])
      if offset == 0 {
        append(
          "a=T,f=24,s=\(image.width),v=\(image.height),c=\(image.rect.width),"
            + "r=\(image.rect.height),i=\(image.id),C=1,q=2,", to: &writer)
      }
      append("m=\(end < payload.count ? 1 : 0);", to: &writer)
      writer.bytes.append(contentsOf: payload[offset..<end])
      writer.bytes.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    }
  }

  /// Deletes the image and frees its pixels in the terminal.
  static func delete(_ image: ImagePlacement, into writer: inout ByteWriter) {
    append("\u{1B}_Ga=d,d=I,i=\(image.id),q=2\u{1B}\\", to: &writer)
  }

  /// Deletes every image on screen.
  static func deleteAll(into writer: inout ByteWriter) {
    append("\u{1B}_Ga=d,d=A,q=2\u{1B}\\", to: &writer)
  }

  private static func append(_ text: String, to writer: inout ByteWriter) {
    writer.bytes.append(contentsOf: text.utf8)
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Standard base64 with padding.
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let a = Int(bytes[index])
      let b = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
      let c = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
      output.append(alphabet[a >> 2])
      output.append(alphabet[(a & 0x3) << 4 | b >> 4])
      output.append(index + 1 < bytes.count ? alphabet[(b & 0xF) << 2 | c >> 6] : UInt8(ascii: "="))
      output.append(index + 2 < bytes.count ? alphabet[c & 0x3F] : UInt8(ascii: "="))
      index += 3
    }
    return output
  }
}
