import Foundation

@testable import Transcribe

/// A recognizer that reads each file with the real WAV reader, so a broken file fails as it
/// would in any WAV-only engine, and hears nothing in a good one: the model's tests about files
/// need no speech engine.
struct WAVReadingRecognizer: SpeechRecognizer {
  var name: String { "WAV reader (test)" }
  var audioExtensions: Set<String> { ["wav"] }

  func availability() async -> RecognizerAvailability { .available }

  func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    let file = try WAVFile.read(from: audio)
    return Transcript(text: "", mode: .freeSpeech, audioDuration: file.duration)
  }
}
