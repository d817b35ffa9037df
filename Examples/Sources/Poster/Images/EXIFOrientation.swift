import Foundation

/// How a camera JPEG says it must be turned to be upright: the EXIF `Orientation` tag (0x0112)
/// of its first image directory, 1 (as stored) to 8.
///
/// Cameras store the sensor's rows as they came and write this tag rather than rotate the
/// pixels; a viewer that ignores it draws a portrait photo on its side.
public enum EXIFOrientation {
  /// The orientation a JPEG file declares, or nil when it has no EXIF block, no such tag, a
  /// value outside 1...8, or a block too damaged to read (then the image is drawn as stored).
  public static func of(jpeg data: Data) -> Int? {
    let bytes = [UInt8](data.prefix(256 * 1024))
    guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var offset = 2
    // Walk the segments before the image data: markers FF xx, each with a big-endian length.
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan, end of image
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
      let body = bytes[(offset + 4)..<(offset + 2 + length)]
      if marker == 0xE1, body.starts(with: Array("Exif\0\0".utf8)) {
        return orientation(inTIFF: Array(body.dropFirst(6)))
      }
      offset += 2 + length
    }
    return nil
  }

  /// The Orientation tag of a TIFF block's first directory.
  private static func orientation(inTIFF tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): littleEndian = true  // "II"
    case (0x4D, 0x4D): littleEndian = false  // "MM"
    default: return nil
    }
    func read(_ at: Int, _ size: Int) -> Int? {
      guard at >= 0, at + size <= tiff.count else { return nil }
      let slice = tiff[at..<(at + size)]
      let ordered = littleEndian ? Array(slice.reversed()) : Array(slice)
      return ordered.reduce(0) { $0 << 8 | Int($1) }
    }
    guard read(2, 2) == 42, let directory = read(4, 4), let count = read(directory, 2) else {
      return nil
    }
    for entry in 0..<count {
      let at = directory + 2 + entry * 12
      guard let tag = read(at, 2) else { return nil }
      guard tag == 0x0112 else { continue }
      // A SHORT: its value sits in the first two bytes of the entry's value field.
      guard read(at + 2, 2) == 3, let value = read(at + 8, 2), (1...8).contains(value) else {
        return nil
      }
      return value
    }
    return nil
  }
}

extension RGBImage {
  /// This image turned upright from the EXIF `orientation` it was stored with: mirrored,
  /// rotated or both, as the tag's eight values say. Values 5 to 8 swap width and height.
  public func oriented(_ orientation: Int) -> RGBImage {
    guard (2...8).contains(orientation) else { return self }
    let swaps = orientation >= 5
    let outWidth = swaps ? height : width
    let outHeight = swaps ? width : height
    var out = [UInt8](repeating: 0, count: pixels.count)
    for y in 0..<outHeight {
      for x in 0..<outWidth {
        // The stored pixel that lands at (x, y) once upright.
        let (sourceX, sourceY): (Int, Int)
        switch orientation {
        case 2: (sourceX, sourceY) = (width - 1 - x, y)
        case 3: (sourceX, sourceY) = (width - 1 - x, height - 1 - y)
        case 4: (sourceX, sourceY) = (x, height - 1 - y)
        case 5: (sourceX, sourceY) = (y, x)
        case 6: (sourceX, sourceY) = (y, height - 1 - x)
        case 7: (sourceX, sourceY) = (width - 1 - y, height - 1 - x)
        default: (sourceX, sourceY) = (width - 1 - y, x)  // 8
        }
        let from = (sourceY * width + sourceX) * 3
        let to = (y * outWidth + x) * 3
        out[to] = pixels[from]
        out[to + 1] = pixels[from + 1]
        out[to + 2] = pixels[from + 2]
      }
    }
    return RGBImage(width: outWidth, height: outHeight, pixels: out) ?? self
  }
}
