import Foundation

// Written by hand so that the pixels are one `Data` value (base64 text with JSONEncoder's
// default strategy) instead of an array of numbers almost three times as long, and so that
// decoding checks the byte count as `init?(width:height:pixels:)` does.
extension RGBImage: Codable {
  private enum CodingKeys: String, CodingKey {
    case width, height, pixels
  }

  /// Encodes `width`, `height` and `pixels`, the pixels as one `Data` value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(Data(pixels), forKey: .pixels)
  }

  /// Decodes an image in the form `encode(to:)` writes.
  /// - Throws: `DecodingError.dataCorrupted` when a dimension is negative or `pixels` does not
  ///   hold exactly `width * height * 3` bytes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let width = try container.decode(Int.self, forKey: .width)
    let height = try container.decode(Int.self, forKey: .height)
    let pixels = try container.decode(Data.self, forKey: .pixels)
    guard width >= 0, height >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: width < 0 ? .width : .height, in: container,
        debugDescription: "An image cannot be \(width) × \(height) pixels.")
    }
    let (area, areaOverflows) = width.multipliedReportingOverflow(by: height)
    let (expected, expectedOverflows) = area.multipliedReportingOverflow(by: 3)
    guard !areaOverflows, !expectedOverflows, pixels.count == expected,
      let image = RGBImage(width: width, height: height, pixels: [UInt8](pixels))
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .pixels, in: container,
        debugDescription:
          "pixels holds \(pixels.count) bytes; a \(width) × \(height) image needs "
          + "width * height * 3.")
    }
    self = image
  }
}
