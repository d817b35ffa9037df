import CTurboJPEG
import Foundation

/// Decodes baseline and progressive JPEG files with libjpeg-turbo's TurboJPEG API.
public enum JPEGDecoder {
  /// Decodes a JPEG to 8-bit RGB.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - budget: The largest image accepted, checked against the header before decoding.
  /// - Throws: ``PosterError``; a truncated or damaged file is
  ///   ``PosterError/corruptImage(reason:)`` with libjpeg's reason, never a half-grey picture.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> RGBImage
  {
    guard let handle = tjInitDecompress() else {
      throw .corruptImage(reason: "the JPEG decoder could not start")
    }
    defer { tjDestroy(handle) }
    let result: Result<RGBImage, PosterError> = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard
        tjDecompressHeader3(
          handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling,
          &colorspace) == 0
      else { return .failure(.corruptImage(reason: reason(handle))) }
      if let refusal = budget.refusal(width: Int(width), height: Int(height)) {
        return .failure(refusal)
      }
      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
      let decoded = pixels.withUnsafeMutableBufferPointer { output in
        tjDecompress2(
          handle, bytes.baseAddress, UInt(bytes.count), output.baseAddress, width, 0, height,
          Int32(TJPF_RGB.rawValue), TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT)
      }
      guard decoded == 0 else { return .failure(.corruptImage(reason: reason(handle))) }
      guard let image = RGBImage(width: Int(width), height: Int(height), pixels: pixels) else {
        return .failure(.corruptImage(reason: "its pixel data has the wrong size"))
      }
      return .success(image)
    }
    return try result.get()
  }

  private static func reason(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "libjpeg could not decode it" }
    let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    return message.isEmpty ? "libjpeg could not decode it" : message
  }
}
