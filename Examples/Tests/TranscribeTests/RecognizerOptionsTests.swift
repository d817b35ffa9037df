import Foundation
import Testing

@testable import Transcribe

/// PocketSphinx is an optional package trait; the options say when a build lacks it.
@Suite struct RecognizerOptionsTests {
  @Test func whisperIsAlwaysBuilt() {
    #expect(RecognizerOptions.Engine.whisper.isBuilt)
  }

  #if PocketSphinx
    @Test func pocketSphinxIsBuiltWithItsTrait() async {
      var options = RecognizerOptions()
      options.engine = .pocketsphinx
      #expect(RecognizerOptions.Engine.pocketsphinx.isBuilt)
      #expect(options.makeRecognizer().recognizer.name == PocketSphinxRecognizer().name)
    }
  #else
    /// A program that makes its recognizer without the flags' check still learns what to do.
    @Test func pocketSphinxWithoutItsTraitIsUnavailableAndSaysHowToBuildIt() async {
      var options = RecognizerOptions()
      options.engine = .pocketsphinx
      #expect(!RecognizerOptions.Engine.pocketsphinx.isBuilt)
      let (recognizer, engine) = options.makeRecognizer()
      #expect(engine == nil)
      let availability = await recognizer.availability()
      guard case .unavailable(let reason) = availability else {
        Issue.record("available: \(availability)")
        return
      }
      #expect(reason.contains("build with --traits PocketSphinx"))
    }
  #endif
}
