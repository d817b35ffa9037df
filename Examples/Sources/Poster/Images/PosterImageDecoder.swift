import Foundation

/// Decodes a poster file of any supported format into an ``RGBImage``, choosing the decoder by
/// the file's bytes.
public enum PosterImageDecoder {
  /// Decodes `data` within `budget`.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - budget: The largest image accepted.
  /// - Returns: The picture; a GIF's first frame.
  /// - Throws: ``PosterError/notAnImage(contentType:)`` for bytes of no supported format,
  ///   ``PosterError/imageTooLarge(width:height:maximumPixels:)`` before allocating an image
  ///   over the budget, ``PosterError/corruptImage(reason:)`` with the decoder's reason.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> (image: RGBImage, format: ImageFormat)
  {
    guard let format = ImageFormat(sniffing: data) else { throw .notAnImage(contentType: nil) }
    let image: RGBImage
    switch format {
    case .png: image = try PNGDecoder.decode(data, budget: budget)
    case .jpeg: image = try JPEGDecoder.decode(data, budget: budget)
    case .webp: image = try WebPDecoder.decode(data, budget: budget)
    case .gif: image = try GIFDecoder.decode(data, budget: budget)
    }
    return (image, format)
  }
}
