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
    let pixels: [UInt8]
    let finished: Int32
    if isInterlaced16Bit(bytes) {
      (pixels, finished) = readLinear(&image, width: width, height: height)
    } else {
      image.format = PNG_FORMAT_RGB
      var eightBit = [UInt8](repeating: 0, count: width * height * 3)
      finished = eightBit.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 3), nil)
      }
      pixels = eightBit
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

  /// Whether the header says 16 bits a channel and Adam7 interlacing: libpng's simplified API
  /// reads such a file to 8 bits with about half its channels wrong (pnggroup/libpng#853, in
  /// 1.6.39 and later), so it is read at 16 bits and brought to 8 here.
  private static func isInterlaced16Bit(_ bytes: UnsafeRawBufferPointer) -> Bool {
    // The signature, the IHDR chunk's length and type, width and height; then bit depth, colour
    // type, compression, filter and interlace method.
    bytes.count > 28 && bytes[24] == 16 && bytes[28] == 1
  }

  /// Reads the image as 16-bit linear RGB, which takes another path through libpng, writes
  /// that as a plain (not interlaced) PNG in memory and reads it to 8 bits: libpng's own
  /// 8-bit path for the same pixels, so the colours are those of the file read directly.
  private static func readLinear(_ image: inout png_image, width: Int, height: Int) -> (
    [UInt8], Int32
  ) {
    image.format = PNG_FORMAT_LINEAR_RGB
    var linear = [UInt16](repeating: 0, count: width * height * 3)
    let read = linear.withUnsafeMutableBytes { buffer in
      png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 3), nil)
    }
    guard read != 0 else { return ([], read) }
    var plain = png_image()
    plain.version = UInt32(PNG_IMAGE_VERSION)
    plain.width = UInt32(width)
    plain.height = UInt32(height)
    plain.format = PNG_FORMAT_LINEAR_RGB
    var size: png_alloc_size_t = 0
    guard png_image_write_to_memory(&plain, nil, &size, 0, linear, 0, nil) != 0 else {
      return ([], 0)
    }
    var encoded = [UInt8](repeating: 0, count: Int(size))
    guard png_image_write_to_memory(&plain, &encoded, &size, 0, linear, 0, nil) != 0 else {
      return ([], 0)
    }
    var reread = png_image()
    reread.version = UInt32(PNG_IMAGE_VERSION)
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    let finished = encoded.withUnsafeBytes { bytes in
      guard png_image_begin_read_from_memory(&reread, bytes.baseAddress, Int(size)) != 0 else {
        return Int32(0)
      }
      reread.format = PNG_FORMAT_RGB
      return pixels.withUnsafeMutableBytes { buffer in
        png_image_finish_read(&reread, nil, buffer.baseAddress, Int32(width * 3), nil)
      }
    }
    png_image_free(&reread)
    return (pixels, finished)
  }

  private static func message(of image: png_image) -> String {
    let text = withUnsafeBytes(of: image.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return text.isEmpty ? "libpng could not decode it" : text
  }
}
