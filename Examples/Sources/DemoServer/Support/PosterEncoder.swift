import CPNG
import CTurboJPEG
import CWebP

/// The file formats the embedded server sends posters in, so that the app's default path
/// exercises each of its decoders.
public enum PosterFormat: String, Sendable, CaseIterable {
  case png, jpeg, webp

  /// The `Content-Type` of a file in this format.
  public var contentType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .webp: "image/webp"
    }
  }
}

/// Encodes RGB pixels with libpng, libjpeg-turbo and libwebp.
enum PosterEncoder {
  static func encode(_ pixels: [UInt8], width: Int, height: Int, as format: PosterFormat)
    -> [UInt8]?
  {
    switch format {
    case .png: png(pixels, width: width, height: height)
    case .jpeg: jpeg(pixels, width: width, height: height, progressive: true)
    case .webp: webp(pixels, width: width, height: height)
    }
  }

  static func png(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = PNG_FORMAT_RGB
    var size = 0
    var pixels = pixels
    let measured = pixels.withUnsafeMutableBytes { buffer in
      png_image_write_to_memory(&image, nil, &size, 0, buffer.baseAddress, 0, nil)
    }
    guard measured != 0, size > 0 else { return nil }
    var output = [UInt8](repeating: 0, count: size)
    let written = output.withUnsafeMutableBytes { memory in
      pixels.withUnsafeMutableBytes { buffer in
        png_image_write_to_memory(&image, memory.baseAddress, &size, 0, buffer.baseAddress, 0, nil)
      }
    }
    png_image_free(&image)
    guard written != 0 else { return nil }
    return Array(output.prefix(size))
  }

  /// A JPEG at quality 90, progressive or baseline.
  static func jpeg(_ pixels: [UInt8], width: Int, height: Int, progressive: Bool) -> [UInt8]? {
    guard let handle = tjInitCompress() else { return nil }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let flags = TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
    let status = pixels.withUnsafeBufferPointer { input in
      tjCompress2(
        handle, input.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
        &output, &size, Int32(TJSAMP_420.rawValue), 90, flags)
    }
    guard status == 0, let output else { return nil }
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  /// A lossy WebP at quality 85.
  static func webp(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
    var output: UnsafeMutablePointer<UInt8>?
    let size = pixels.withUnsafeBufferPointer { input in
      WebPEncodeRGB(input.baseAddress, Int32(width), Int32(height), Int32(width * 3), 85, &output)
    }
    guard size > 0, let output else { return nil }
    defer { WebPFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }
}
