import Foundation

/// What the Transcribe model needs from a speech engine: its name, the files it reads, whether
/// it can run, and the transcription itself.
///
/// A struct of closures, as every sample's dependency is. The live values wrap an engine,
/// `SpeechRecognizer(WhisperRecognizer(backend: .embedded(engine)))` (or PocketSphinx, in a
/// build with its trait); a test makes its own with
/// ``init(name:audioExtensions:availability:transcribe:)``, so the model's tests need no engine.
///
/// Implementations run off the caller's actor, report each piece of text as soon as it is
/// decoded, and stop early, throwing `CancellationError`, when the calling task is cancelled.
public struct SpeechRecognizer: Sendable {
  /// Recognises the speech in an audio file: the file, the phrases it is likely to contain
  /// (`nil` for none), and where each piece of text goes as soon as it is decoded.
  public typealias Transcribe =
    @Sendable (
      _ audio: URL, _ phrases: [String]?,
      _ onSegment: @escaping @Sendable (TranscriptSegment, _ audioDuration: Double?) async -> Void
    ) async throws -> Transcript

  /// What to call this recognizer on screen, such as "Whisper tiny.en (embedded engine)".
  public var name: String
  /// The file extensions (lower case, no dot) this recognizer can read.
  public var audioExtensions: Set<String>
  /// Whether this recognizer can run now, and if not, why. This may start its engine.
  public var availability: @Sendable () async -> RecognizerAvailability
  private var recognize: Transcribe

  /// A recognizer made of its parts, for tests and previews.
  public init(
    name: String, audioExtensions: Set<String>,
    availability: @escaping @Sendable () async -> RecognizerAvailability,
    transcribe: @escaping Transcribe
  ) {
    self.name = name
    self.audioExtensions = audioExtensions
    self.availability = availability
    self.recognize = transcribe
  }

  /// Recognises the speech in `audio`.
  /// - Parameters:
  ///   - audio: The file to read.
  ///   - phrases: Phrases the audio is likely to contain, or `nil` for none. They help
  ///     recognition; they never force the result onto one of them.
  ///   - onSegment: Called with each piece of text as soon as it is decoded, in order, with
  ///     the audio's whole length in seconds when it is known.
  /// - Returns: The whole transcript.
  /// - Throws: ``TranscribeError``; `CancellationError` when the task is cancelled.
  public func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, _ audioDuration: Double?) async -> Void
  ) async throws -> Transcript {
    try await recognize(audio, phrases, onSegment)
  }
}

extension SpeechRecognizer {
  /// The live value over Whisper: the embedded engine or a transcription API.
  public init(_ whisper: WhisperRecognizer) {
    self.init(
      name: whisper.name, audioExtensions: whisper.audioExtensions,
      availability: { await whisper.availability() },
      transcribe: { try await whisper.transcribe($0, phrases: $1, onSegment: $2) })
  }

  /// A recognizer that cannot run, for an engine this build lacks: the screen says why and how
  /// to get it, as it does for an engine that is not installed.
  public static func unavailable(name: String, reason: String) -> SpeechRecognizer {
    SpeechRecognizer(
      name: name, audioExtensions: [], availability: { .unavailable(reason: reason) },
      transcribe: { _, _, _ in throw TranscribeError.recognizerUnavailable(reason: reason) })
  }
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
