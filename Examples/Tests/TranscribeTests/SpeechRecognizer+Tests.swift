import Foundation

@testable import Transcribe

extension SpeechRecognizer {
  /// A recognizer that reads each file with the real WAV reader, so a broken file fails as it
  /// would in any WAV-only engine, and hears nothing in a good one: the model's tests about
  /// files need no speech engine.
  static let wavReading = SpeechRecognizer(
    name: "WAV reader (test)", audioExtensions: ["wav"], availability: { .available },
    transcribe: { audio, _, _ in
      let file = try WAVFile.read(from: audio)
      return Transcript(text: "", mode: .freeSpeech, audioDuration: file.duration)
    })

  /// A recognizer whose check never ends, as an engine that is slow to start.
  static let slowToCheck = SpeechRecognizer(
    name: "Slow", audioExtensions: ["wav"],
    availability: {
      try? await Task.sleep(for: .seconds(3_600))
      return .available
    },
    transcribe: { _, _, _ in Transcript(text: "", mode: .freeSpeech, audioDuration: 0) })

  /// A recognizer that is ready and hears nothing.
  static let silent = SpeechRecognizer(
    name: "Silent", audioExtensions: ["wav"], availability: { .available },
    transcribe: { _, _, _ in Transcript(text: "", mode: .freeSpeech, audioDuration: 0) })
}
