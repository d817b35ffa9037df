import Foundation

/// An image format, told from a file's first bytes rather than from what the server says it is.
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
  case png = "PNG"
  case jpeg = "JPEG"
  case webp = "WebP"
  case gif = "GIF"

  /// The format `data` starts like, or nil when it is none of these.
  public init?(sniffing data: Data) {
    let bytes = Array(data.prefix(12))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count
        && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts(PNGDecoder.signature) {
      self = .png
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      self = .gif
    } else {
      return nil
    }
  }
}
