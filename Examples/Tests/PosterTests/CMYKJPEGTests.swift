import CTurboJPEG
import Foundation
import MVIKitTesting
import Testing

@testable import Poster

/// Print-sourced images: CMYK JPEGs decode to the colours they print, and sizes read as
/// people read them.
@MainActor
@Suite struct CMYKJPEGTests {
  /// A CMYK JPEG of `width`×`height` whose every pixel is `rgb`, stored inverted as CMYK JPEG
  /// files keep it (libjpeg writes the Adobe marker that says so).
  static func cmykJPEG(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) throws -> Data {
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) { pixels += [rgb.0, rgb.1, rgb.2, 255] }
    return try JPEGFixture.encode(pixels, width: width, height: height, format: TJPF_CMYK)
  }

  @Test func aCMYKJPEGDecodesToItsColours() throws {
    let orange = try Self.cmykJPEG(width: 16, height: 8, rgb: (240, 120, 20))
    let image = try JPEGDecoder.decode(orange)
    #expect(image.width == 16 && image.height == 8)
    let (red, green, blue) = (image.pixels[0], image.pixels[1], image.pixels[2])
    #expect(abs(Int(red) - 240) <= 4 && abs(Int(green) - 120) <= 4 && abs(Int(blue) - 20) <= 4)
    // Through the decoder that sniffs the format, as a download goes.
    let (sniffed, format) = try PosterImageDecoder.decode(orange, budget: ImageBudget())
    #expect(format == .jpeg)
    #expect(sniffed.pixels.count == 16 * 8 * 3)
  }

  @Test func fileSizesReadAsPeopleReadThem() {
    #expect(PosterView.fileSize(258) == "258 bytes")
    #expect(PosterView.fileSize(1) == "1 byte")
    #expect(PosterView.fileSize(1_024) == "1.0 KB")
    #expect(PosterView.fileSize(12_345) == "12 KB")
    #expect(PosterView.fileSize(3_500_000) == "3.3 MB")
  }
}

/// A slow download shows how much has arrived.
@MainActor
@Suite struct PosterProgressTests {
  @Test func theSpinnerSaysHowMuchHasArrived() async {
    let poster = Poster(
      title: "Dunes", image: RGBImage(width: 1, height: 1, pixels: [0, 0, 0])!, byteCount: 40_960)
    let halfway = DownloadProgress(received: 20_480, expected: 40_960)
    let store = TestStore(
      initialState: PosterModel.State(),
      model: PosterModel(
        service: PosterService(fetchWithProgress: { progress in
          await progress(halfway)
          return poster
        })))
    await store.send(.getPosterTapped) { $0.isLoading = true }
    await store.receive(.downloadProgressed(halfway)) { $0.download = halfway }
    #expect(PosterView.fetchingLabel(store.state.download) == "Fetching… 20 KB of 40 KB")
    await store.receive(.posterLoaded(poster)) {
      $0.isLoading = false
      $0.download = nil
      $0.poster = poster
    }
    await store.finish()
    #expect(PosterView.fetchingLabel(nil) == "Fetching…")
  }
}
