/// The most an image may ask for, checked against its header before any pixels are allocated,
/// so a small hostile file (a decompression bomb) cannot make the app allocate gigabytes.
public struct ImageBudget: Sendable, Equatable {
  /// The most pixels (width × height) an image may have.
  public var maximumPixels: Int
  /// The longest side, in pixels.
  public var maximumSide: Int
  /// The most bytes a downloaded file may have.
  public var maximumBytes: Int

  /// A budget; by default 24 megapixels, sides up to 16,384 and files up to 20 MB.
  public init(
    maximumPixels: Int = 24_000_000, maximumSide: Int = 16_384, maximumBytes: Int = 20_000_000
  ) {
    self.maximumPixels = maximumPixels
    self.maximumSide = maximumSide
    self.maximumBytes = maximumBytes
  }

  /// Throws unless an image of `width` × `height` fits.
  func check(width: Int, height: Int) throws(PosterError) {
    if let refusal = refusal(width: width, height: height) { throw refusal }
  }

  /// Why an image of `width` × `height` does not fit, or nil when it does.
  func refusal(width: Int, height: Int) -> PosterError? {
    guard width > 0, height > 0 else {
      return .corruptImage(reason: "its size \(width)×\(height) is empty")
    }
    guard width <= maximumSide, height <= maximumSide,
      width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels
    else {
      return .imageTooLarge(width: width, height: height, maximumPixels: maximumPixels)
    }
    return nil
  }
}
