import CGIF
import Foundation

/// Decodes the first frame of a GIF (still or animated) with giflib, record by record, so the
/// frame's size is checked against the budget before its pixels are allocated.
public enum GIFDecoder {
  /// Decodes a GIF's first frame onto its canvas, as 8-bit RGB; transparent pixels and the
  /// canvas around the frame are black.
  /// - Parameters:
  ///   - data: The whole file.
  ///   - budget: The largest canvas accepted.
  /// - Throws: ``PosterError``.
  public static func decode(_ data: Data, budget: ImageBudget = .init()) throws(PosterError)
    -> RGBImage
  {
    let source = MemorySource(data: data)
    var status: Int32 = 0
    let opened = withExtendedLifetime(source) {
      DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &status)
    }
    guard let gif = opened else { throw .corruptImage(reason: message(status)) }
    defer {
      var closing: Int32 = 0
      withExtendedLifetime(source) { _ = DGifCloseFile(gif, &closing) }
    }
    return try withExtendedLifetime(source) { () throws(PosterError) -> RGBImage in
      try firstFrame(of: gif, budget: budget)
    }
  }

  private static func firstFrame(
    of gif: UnsafeMutablePointer<GifFileType>, budget: ImageBudget
  ) throws(PosterError) -> RGBImage {
    let width = Int(gif.pointee.SWidth)
    let height = Int(gif.pointee.SHeight)
    try budget.check(width: width, height: height)
    var transparent: Int32 = NO_TRANSPARENT_COLOR
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif) }
      switch record {
      case EXTENSION_RECORD_TYPE:
        transparent = try readExtension(of: gif) ?? transparent
      case IMAGE_DESC_RECORD_TYPE:
        return try readImage(of: gif, width: width, height: height, transparent: transparent)
      case TERMINATE_RECORD_TYPE:
        throw .corruptImage(reason: "the GIF holds no image")
      default:
        continue
      }
    }
  }

  /// Reads one extension; returns the transparent colour index a graphics control block sets.
  private static func readExtension(of gif: UnsafeMutablePointer<GifFileType>) throws(PosterError)
    -> Int32?
  {
    var code: Int32 = 0
    var block: UnsafeMutablePointer<GifByteType>?
    guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif) }
    var transparent: Int32?
    if code == GRAPHICS_EXT_FUNC_CODE, let block {
      var control = GraphicsControlBlock()
      if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
        transparent = control.TransparentColor
      }
    }
    while block != nil {
      guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif) }
    }
    return transparent
  }

  private static func readImage(
    of gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, transparent: Int32
  ) throws(PosterError) -> RGBImage {
    guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif) }
    let frame = gif.pointee.Image
    let left = Int(frame.Left)
    let top = Int(frame.Top)
    let frameWidth = Int(frame.Width)
    let frameHeight = Int(frame.Height)
    guard frameWidth > 0, frameHeight > 0, left + frameWidth <= width, top + frameHeight <= height
    else {
      throw .corruptImage(
        reason: "its first frame (\(frameWidth)×\(frameHeight) at \(left),\(top)) lies outside "
          + "its \(width)×\(height) canvas")
    }
    guard let map = frame.ColorMap ?? gif.pointee.SColorMap else {
      throw .corruptImage(reason: "it has no colour table")
    }
    let colors = UnsafeBufferPointer(start: map.pointee.Colors, count: Int(map.pointee.ColorCount))
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var line = [GifPixelType](repeating: 0, count: frameWidth)
    for row in rowOrder(height: frameHeight, interlaced: frame.Interlace) {
      let read = line.withUnsafeMutableBufferPointer {
        DGifGetLine(gif, $0.baseAddress, Int32(frameWidth))
      }
      guard read == GIF_OK else { throw failure(gif) }
      for column in 0..<frameWidth {
        let index = Int(line[column])
        guard index != Int(transparent), index < colors.count else { continue }
        let offset = ((top + row) * width + left + column) * 3
        pixels[offset] = colors[index].Red
        pixels[offset + 1] = colors[index].Green
        pixels[offset + 2] = colors[index].Blue
      }
    }
    guard let image = RGBImage(width: width, height: height, pixels: pixels) else {
      throw .corruptImage(reason: "its pixel data has the wrong size")
    }
    return image
  }

  /// The rows in the order a GIF stores them: top to bottom, or the four interlace passes.
  public static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
      Array(stride(from: start, to: height, by: step))
    }
  }

  private static func failure(_ gif: UnsafeMutablePointer<GifFileType>) -> PosterError {
    .corruptImage(reason: message(gif.pointee.Error))
  }

  private static func message(_ code: Int32) -> String {
    guard let text = GifErrorString(code) else { return "giflib could not decode it" }
    return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  /// giflib reads through a callback; this feeds it from memory.
  private final class MemorySource {
    let data: Data
    var offset = 0

    init(data: Data) {
      self.data = data
    }
  }

  private static let read: InputFunc = { gif, buffer, count in
    guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
    let source = Unmanaged<MemorySource>.fromOpaque(user).takeUnretainedValue()
    let length = min(Int(count), source.data.count - source.offset)
    guard length > 0 else { return 0 }
    source.data.withUnsafeBytes { bytes in
      let start = bytes.baseAddress!.advanced(by: source.offset)
      buffer.update(from: start.assumingMemoryBound(to: GifByteType.self), count: length)
    }
    source.offset += length
    return Int32(length)
  }
}
