import MVIKitTerminal

/// An 8-bit RGB picture, row by row from the top left, three bytes a pixel.
public struct RGBImage: Sendable, Equatable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 3` bytes: red, green, blue for each pixel.
  public let pixels: [UInt8]

  /// Creates an image, or returns `nil` when `pixels` does not hold exactly
  /// `width * height * 3` bytes.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  ///   - pixels: The RGB bytes, row by row.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width >= 0, height >= 0, pixels.count == width * height * 3 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The colour at a pixel, or black outside the image.
  /// - Parameters:
  ///   - x: The column, from 0.
  ///   - y: The row, from 0.
  public func pixel(x: Int, y: Int) -> Pixel {
    guard (0..<width).contains(x), (0..<height).contains(y) else {
      return Pixel(red: 0, green: 0, blue: 0)
    }
    let index = (y * width + x) * 3
    return Pixel(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
  }

  /// The image scaled to exactly `width` × `height` pixels. Shrinking averages the block of
  /// source pixels behind each new pixel (a box filter); enlarging repeats the nearest one.
  /// - Parameters:
  ///   - width: The new width, at least 1.
  ///   - height: The new height, at least 1.
  public func resized(width newWidth: Int, height newHeight: Int) -> RGBImage {
    let newWidth = max(1, newWidth)
    let newHeight = max(1, newHeight)
    guard width > 0, height > 0 else {
      return RGBImage(
        unchecked: newWidth, newHeight, [UInt8](repeating: 0, count: newWidth * newHeight * 3))
    }
    var output = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
    for y in 0..<newHeight {
      let top = y * height / newHeight
      let bottom = max(top + 1, (y + 1) * height / newHeight)
      for x in 0..<newWidth {
        let left = x * width / newWidth
        let right = max(left + 1, (x + 1) * width / newWidth)
        var sums = (0, 0, 0)
        for sourceY in top..<bottom {
          var index = (sourceY * width + left) * 3
          for _ in left..<right {
            sums.0 += Int(pixels[index])
            sums.1 += Int(pixels[index + 1])
            sums.2 += Int(pixels[index + 2])
            index += 3
          }
        }
        let count = (bottom - top) * (right - left)
        let target = (y * newWidth + x) * 3
        output[target] = UInt8((sums.0 + count / 2) / count)
        output[target + 1] = UInt8((sums.1 + count / 2) / count)
        output[target + 2] = UInt8((sums.2 + count / 2) / count)
      }
    }
    return RGBImage(unchecked: newWidth, newHeight, output)
  }

  /// The image shrunk, keeping its aspect, to fit a terminal area of `columns` × `rows` cells.
  /// Each cell shows one pixel across and two down (see `MVIKitTerminal.Image`), so the
  /// result is at most `columns` pixels wide and `rows * 2` high. It is never enlarged.
  /// - Parameters:
  ///   - columns: The cells available across.
  ///   - rows: The cells available down.
  ///   - kind: What the image is, for the caption shown where pictures cannot be.
  public func fitting(columns: Int, rows: Int) -> RGBImage {
    let maxWidth = max(1, columns)
    let maxHeight = max(1, rows * 2)
    guard width > maxWidth || height > maxHeight else { return self }
    let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
    return resized(
      width: min(maxWidth, max(1, Int((Double(width) * scale).rounded()))),
      height: min(maxHeight, max(1, Int((Double(height) * scale).rounded()))))
  }

  /// The pixels as `MVIKitTerminal` pixels, row by row.
  public var terminalPixels: [Pixel] {
    stride(from: 0, to: pixels.count - 2, by: 3).map {
      Pixel(red: pixels[$0], green: pixels[$0 + 1], blue: pixels[$0 + 2])
    }
  }

  /// A terminal view of the image, fitted into `columns` × `rows` cells.
  /// - Parameters:
  ///   - columns: The cells available across.
  ///   - rows: The cells available down.
  ///   - kind: What the image is, for the caption shown where pictures cannot be.
  @MainActor
  public func terminalImage(columns: Int, rows: Int, kind: String = "image") -> Image {
    let fitted = fitting(columns: columns, rows: rows)
    return Image(
      width: fitted.width, height: fitted.height, pixels: fitted.terminalPixels, kind: kind)
  }

  private init(unchecked width: Int, _ height: Int, _ pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}
