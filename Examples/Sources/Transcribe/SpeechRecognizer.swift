import Foundation

/// Turns the speech in an audio file into text.
///
/// Implementations run off the caller's actor, report each piece of text as soon as it is
/// decoded, and stop early, throwing `CancellationError`, when the calling task is cancelled.
public protocol SpeechRecognizer: Sendable {
  /// What to call this recognizer on screen, such as "Whisper tiny.en (embedded engine)".
  var name: String { get }

  /// The file extensions (lower case, no dot) this recognizer can read.
  var audioExtensions: Set<String> { get }

  /// Whether this recognizer can run now, and if not, why. This may start its engine.
  func availability() async -> RecognizerAvailability

  /// Recognises the speech in `audio`.
  /// - Parameters:
  ///   - audio: The file to read.
  ///   - phrases: Phrases the audio is likely to contain, or `nil` for none. They help
  ///     recognition; they never force the result onto one of them.
  ///   - onSegment: Called with each piece of text as soon as it is decoded, in order, with
  ///     the audio's whole length in seconds when it is known.
  /// - Returns: The whole transcript.
  /// - Throws: ``TranscribeError``; `CancellationError` when the task is cancelled.
  func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, _ audioDuration: Double?) async -> Void
  ) async throws -> Transcript
}

/// Whether a ``SpeechRecognizer`` can run.
public enum RecognizerAvailability: Sendable, Equatable, Codable {
  /// Its engine is installed and answers.
  case available
  /// It cannot run; the reason says what is wrong and how to fix it.
  case unavailable(reason: String)

  /// Whether the recognizer can run.
  public var isAvailable: Bool { self == .available }
}
