import Foundation
import Transcribe

/// A recognizer that reads WAV only, is ready at once and hears the same words in every file:
/// the showcase's tests are about the screens, not about speech, so they need no engine.
struct WAVOnlyRecognizer: SpeechRecognizer {
  /// Its name on screen.
  static let name = "Test speech (WAV only)"
  /// What it hears in every file.
  static let text = "play some music"

  var name: String { Self.name }
  var audioExtensions: Set<String> { ["wav"] }

  func availability() async -> RecognizerAvailability { .available }

  func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    let segment = TranscriptSegment(start: 0, end: 1, text: Self.text)
    await onSegment(segment, 1)
    return Transcript(text: Self.text, mode: .freeSpeech, audioDuration: 1, segments: [segment])
  }
}
