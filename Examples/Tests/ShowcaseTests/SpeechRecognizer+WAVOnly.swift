import Foundation
import Transcribe

extension SpeechRecognizer {
  /// The name of ``wavOnly`` on screen.
  static let wavOnlyName = "Test speech (WAV only)"
  /// What ``wavOnly`` hears in every file.
  static let wavOnlyText = "play some music"

  /// A recognizer that reads WAV only, is ready at once and hears the same words in every
  /// file: the showcase's tests are about the screens, not about speech, so they need no engine.
  static let wavOnly = SpeechRecognizer(
    name: wavOnlyName, audioExtensions: ["wav"], availability: { .available },
    transcribe: { _, _, onSegment in
      let segment = TranscriptSegment(start: 0, end: 1, text: wavOnlyText)
      await onSegment(segment, 1)
      return Transcript(text: wavOnlyText, mode: .freeSpeech, audioDuration: 1, segments: [segment])
    })
}
