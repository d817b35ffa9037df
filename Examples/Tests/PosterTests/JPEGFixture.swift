import CTurboJPEG
import Foundation
import Testing

/// JPEG files made for the tests with libjpeg-turbo: 4:4:4, quality 95.
enum JPEGFixture {
  /// `pixels` (`width`×`height`, in `format`: RGB or CMYK) encoded as a JPEG.
  static func encode(_ pixels: [UInt8], width: Int, height: Int, format: TJPF) throws -> Data {
    let handle = try #require(tjInitCompress())
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = pixels.withUnsafeBufferPointer { input in
      tjCompress2(
        handle, input.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
        &output, &size, Int32(TJSAMP_444.rawValue), 95, TJFLAG_ACCURATEDCT)
    }
    try #require(status == 0)
    let bytes = try #require(output)
    defer { tjFree(bytes) }
    return Data(UnsafeBufferPointer(start: bytes, count: Int(size)))
  }
}
