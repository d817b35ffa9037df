import CTurboJPEG
import Foundation

/// Decodes baseline and progressive JPEG files, RGB, greyscale or CMYK, with libjpeg-turbo's
/// TurboJPEG API, turned upright as their EXIF orientation says.
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
      // Print-sourced JPEGs are CMYK (or YCCK), which libjpeg does not turn into RGB itself.
      let isCMYK =
        colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
      let channels = isCMYK ? 4 : 3
      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
      let format = isCMYK ? TJPF_CMYK : TJPF_RGB
      let decoded = pixels.withUnsafeMutableBufferPointer { output in
        tjDecompress2(
          handle, bytes.baseAddress, UInt(bytes.count), output.baseAddress, width, 0, height,
          Int32(format.rawValue), TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT)
      }
      guard decoded == 0 else { return .failure(.corruptImage(reason: reason(handle))) }
      if isCMYK { pixels = rgb(fromInvertedCMYK: pixels) }
      guard let image = RGBImage(width: Int(width), height: Int(height), pixels: pixels) else {
        return .failure(.corruptImage(reason: "its pixel data has the wrong size"))
      }
      return .success(image)
    }
    // A camera's photo is drawn upright, whichever way the camera was held.
    return try result.get().oriented(EXIFOrientation.of(jpeg: data) ?? 1)
  }

  /// RGB from CMYK as JPEG files keep it: inverted, after Adobe's convention, which every
  /// program that writes CMYK JPEGs follows (0 is full ink), so red is cyan's complement.
  static func rgb(fromInvertedCMYK cmyk: [UInt8]) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: cmyk.count / 4 * 3)
    for pixel in 0..<(cmyk.count / 4) {
      let black = UInt32(cmyk[pixel * 4 + 3])
      for channel in 0..<3 {
        rgb[pixel * 3 + channel] = UInt8(UInt32(cmyk[pixel * 4 + channel]) * black / 255)
      }
    }
    return rgb
  }

  private static func reason(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "libjpeg could not decode it" }
    let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    return message.isEmpty ? "libjpeg could not decode it" : message
  }
}
