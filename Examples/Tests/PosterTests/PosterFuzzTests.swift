import Foundation
import MVIKitTesting
import Testing

@testable import Poster

/// Random presses and answers: a failure never loses the poster on screen, and the spinner
/// shows exactly while a fetch is pending.
@Suite struct PosterFuzzTests {
  @Test func posterSurvivesFailures() throws {
    let image = try #require(
      RGBImage(width: 2, height: 2, pixels: Array(repeating: 128, count: 12)))
    let posters = ["Orbit", "Dune", "Deep Blue"].map {
      Poster(title: $0, image: image, byteCount: 12)
    }
    let shown = LastPoster()
    let report = IntentFuzzer(
      model: PosterModel(service: PosterService(fetch: { posters[0] })),
      initialState: PosterModel.State(),
      generate: { random in
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .getPosterTapped
        case 1:
          let poster = posters.randomElement(using: &random) ?? posters[0]
          shown.value = poster
          return .posterLoaded(poster)
        default: return .posterFailed("The poster server had a problem (HTTP 500).")
        }
      },
      invariant: { state in
        state.poster == shown.value ? nil : "the poster on screen is not the last one loaded"
      }
    ).run(steps: posterFuzzSteps, seed: 1_001)
    #expect(report.violation == nil)
  }
}

/// What the screen should show: the last poster that arrived.
final class LastPoster {
  var value: Poster?
}

let posterFuzzSteps =
  ProcessInfo.processInfo.environment["MVIKIT_FUZZ_STEPS"].flatMap(Int.init) ?? 20_000
