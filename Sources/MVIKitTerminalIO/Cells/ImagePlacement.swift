/// An image drawn with real pixels over a rectangle of cells, in ``GraphicsMode/kitty``. The
/// cells under it are blank in the grid; ``FrameRenderer`` sends the pixels.
public struct ImagePlacement: Hashable, Sendable {
  /// The cells the image covers.
  public let rect: Rect
  /// The image's width in pixels.
  public let width: Int
  /// The image's height in pixels.
  public let height: Int
  /// The pixels, row by row.
  public let pixels: [Pixel]

  package init(rect: Rect, width: Int, height: Int, pixels: [Pixel]) {
    self.rect = rect
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The id the terminal knows the image by, from its place and a sample of its pixels, so an
  /// unchanged image keeps its id from frame to frame.
  public var id: UInt32 {
    var hash: UInt32 = 2_166_136_261
    func mix(_ value: Int) {
      hash = (hash ^ UInt32(truncatingIfNeeded: value)) &* 16_777_619
    }
    for value in [rect.x, rect.y, rect.width, rect.height, width, height] { mix(value) }
    let step = max(1, pixels.count / 64)
    for index in stride(from: 0, to: pixels.count, by: step) {
      let pixel = pixels[index]
      mix(Int(pixel.red) << 16 | Int(pixel.green) << 8 | Int(pixel.blue))
    }
    return hash | 1  // 0 is not a valid id
  }
}
