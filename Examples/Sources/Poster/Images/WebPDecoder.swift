import CWebP
import Foundation

/// Decodes still WebP files (lossy and lossless) with libwebp.
public enum WebPDecoder {
  /// Decodes a WebP to 8-bit RGB; transparency is dropped.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - budget: The largest image accepted, checked against the header before decoding.
  /// - Throws: ``PosterError``.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> RGBImage
  {
    let result: Result<RGBImage, PosterError> = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var features = WebPBitstreamFeatures()
      let status = WebPGetFeatures(bytes.baseAddress, bytes.count, &features)
      guard status == VP8_STATUS_OK else {
        return .failure(.corruptImage(reason: describe(status)))
      }
      guard features.has_animation == 0 else {
        return .failure(.corruptImage(reason: "animated WebP files are not supported"))
      }
      let width = Int(features.width)
      let height = Int(features.height)
      if let refusal = budget.refusal(width: width, height: height) { return .failure(refusal) }
      var pixels = [UInt8](repeating: 0, count: width * height * 3)
      let decoded = pixels.withUnsafeMutableBufferPointer { output in
        WebPDecodeRGBInto(
          bytes.baseAddress, bytes.count, output.baseAddress, output.count, Int32(width * 3))
      }
      guard decoded != nil else {
        return .failure(.corruptImage(reason: "libwebp could not decode it (damaged or cut short)"))
      }
      guard let image = RGBImage(width: width, height: height, pixels: pixels) else {
        return .failure(.corruptImage(reason: "its pixel data has the wrong size"))
      }
      return .success(image)
    }
    return try result.get()
  }

  private static func describe(_ status: VP8StatusCode) -> String {
    switch status {
    case VP8_STATUS_NOT_ENOUGH_DATA: "the file is cut short"
    case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a WebP feature libwebp does not support"
    case VP8_STATUS_BITSTREAM_ERROR: "its data is damaged"
    default: "libwebp could not read it (status \(status.rawValue))"
    }
  }
}
