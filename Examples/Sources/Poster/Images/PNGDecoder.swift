import CPNG
import Foundation

/// Decodes PNG files with libpng's simplified API into ``RGBImage``s.
public enum PNGDecoder {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Whether `data` starts with the PNG signature.
  /// - Parameter data: Any bytes.
  public static func looksLikePNG(_ data: Data) -> Bool {
    data.count >= signature.count && data.prefix(signature.count).elementsEqual(signature)
  }

  /// Decodes a PNG of any colour type and bit depth to 8-bit RGB; transparency is composited
  /// onto black.
  /// - Parameters:
  ///   - data: The whole PNG file.
  ///   - budget: The largest image accepted, checked against the header before decoding.
  /// - Returns: The decoded image.
  /// - Throws: ``PosterError/notAnImage(contentType:)`` when `data` is not a PNG,
  ///   ``PosterError/imageTooLarge(width:height:maximumPixels:)``, or
  ///   ``PosterError/corruptImage(reason:)`` when it is a damaged or truncated one.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> RGBImage
  {
    guard looksLikePNG(data) else { throw .notAnImage(contentType: nil) }
    // libpng keeps reading from the buffer between `begin` and `finish`, so both happen while
    // the bytes are pinned.
    let outcome = data.withUnsafeBytes { bytes in decode(bytes, budget: budget) }
    return try outcome.get()
  }

  private static func decode(
    _ bytes: UnsafeRawBufferPointer, budget: ImageBudget
  ) -> Result<RGBImage, PosterError> {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      let reason = message(of: image)
      png_image_free(&image)
      return .failure(.corruptImage(reason: reason))
    }
    let width = Int(image.width)
    let height = Int(image.height)
    if let refusal = budget.refusal(width: width, height: height) {
      png_image_free(&image)
      return .failure(refusal)
    }
    image.format = PNG_FORMAT_RGB
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let finished = pixels.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 3), nil)
    }
    guard finished != 0 else {
      let reason = message(of: image)
      png_image_free(&image)
      return .failure(.corruptImage(reason: reason))
    }
    guard let decoded = RGBImage(width: width, height: height, pixels: pixels) else {
      return .failure(.corruptImage(reason: "its pixel data has the wrong size"))
    }
    return .success(decoded)
  }

  private static func message(of image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "libpng could not decode it" : text
  }
}
