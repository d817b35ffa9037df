import Foundation
import Testing

@testable import Poster

/// The Poster screen's state, intents and side effects survive a JSON round trip, and an
/// image is encoded compactly and checked when decoded.
@Suite struct PosterCodableTests {
  func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
  }

  /// A 3 × 2 image whose every byte differs.
  func gradient() throws -> RGBImage {
    try #require(RGBImage(width: 3, height: 2, pixels: (0..<18).map { UInt8($0 * 14) }))
  }

  @Test func aStateWithAPosterRoundTrips() throws {
    var state = PosterModel.State()
    state.poster = Poster(title: "DUNE", image: try gradient(), byteCount: 1234, format: .webp)
    state.isLoading = true
    let decoded = try roundTrip(state)
    #expect(decoded == state)
    #expect(decoded.title == "DUNE")
    #expect(try roundTrip(PosterModel.State()) == PosterModel.State())
  }

  @Test func everyIntentAndSideEffectRoundTrips() throws {
    let untitled = Poster(title: nil, image: try gradient(), byteCount: 18, format: .gif)
    let intents: [PosterModel.Intent] = [
      .getPosterTapped, .posterLoaded(untitled), .posterFailed("The server answered 503."),
    ]
    #expect(try roundTrip(intents) == intents)
    let sideEffects: [PosterModel.SideEffect] = [.toast("The server answered 503.")]
    #expect(try roundTrip(sideEffects) == sideEffects)
    #expect(try roundTrip(ImageFormat.allCases) == ImageFormat.allCases)
  }

  @Test func anImageEncodesItsPixelsAsBase64() throws {
    let image = try gradient()
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(image)) as? [String: Any])
    #expect(Set(object.keys) == ["width", "height", "pixels"])
    #expect(object["width"] as? Int == 3)
    #expect(object["height"] as? Int == 2)
    #expect(object["pixels"] as? String == Data(image.pixels).base64EncodedString())
    #expect(try roundTrip(image) == image)
  }

  @Test func anEmptyImageRoundTrips() throws {
    let empty = try #require(RGBImage(width: 0, height: 0, pixels: []))
    #expect(try roundTrip(empty) == empty)
  }

  @Test func anImageWithTheWrongByteCountDoesNotDecode() throws {
    let fiveBytes = Data([1, 2, 3, 4, 5]).base64EncodedString()
    let json = #"{"width":1,"height":2,"pixels":"\#(fiveBytes)"}"#
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RGBImage.self, from: Data(json.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["pixels"])
    #expect(context.debugDescription.contains("5 bytes"))
  }

  @Test func anImageWithANegativeOrHugeSizeDoesNotDecode() {
    for (width, height) in [(-1, 0), (2, -3), (Int.max, 2)] {
      let json = #"{"width":\#(width),"height":\#(height),"pixels":""}"#
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(RGBImage.self, from: Data(json.utf8))
      }
    }
  }

  @Test func anImageWithPixelsAsNumbersDoesNotDecode() {
    let json = #"{"width":1,"height":1,"pixels":[1,2,3]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RGBImage.self, from: Data(json.utf8))
    }
  }
}
