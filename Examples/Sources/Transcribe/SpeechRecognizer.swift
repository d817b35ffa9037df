import Foundation

/// Turns speech in a WAV file into text.
///
/// Implementations run the recognition off the caller's actor and stop early, throwing
/// `CancellationError`, when the calling task is cancelled.
public protocol SpeechRecognizer: Sendable {
  /// Whether this recognizer can run on this machine, and if not, why.
  func availability() -> RecognizerAvailability

  /// Recognises the speech in a WAV file.
  /// - Parameters:
  ///   - wav: The file to read. Any sample rate and channel count of 16-bit PCM is accepted.
  ///   - phrases: When given and not empty, only these phrases can be recognised, which makes
  ///     recognising them exact; when `nil` or empty, free English speech is recognised.
  /// - Returns: The recognised text, empty when no speech was found.
  /// - Throws: ``TranscribeError`` for unreadable audio, a missing model or unknown words;
  ///   `CancellationError` when the task is cancelled.
  func transcribe(wav: URL, phrases: [String]?) async throws -> Transcript
}

/// Whether a ``SpeechRecognizer`` can run.
public enum RecognizerAvailability: Sendable, Equatable {
  /// Its engine and models are installed.
  case available
  /// Something it needs is missing; the reason says what and how to install it.
  case notInstalled(reason: String)

  /// Whether the recognizer can run.
  public var isAvailable: Bool { self == .available }
}

/// The result of one transcription.
public struct Transcript: Sendable, Equatable {
  /// How the speech was matched.
  public enum Mode: Sendable, Equatable {
    /// Any English words, from the general language model.
    case freeSpeech
    /// Only the phrases the user supplied, from a grammar built of them.
    case phrases
  }

  /// The recognised words in lower case, separated by single spaces; empty when none.
  public var text: String
  /// How the speech was matched.
  public var mode: Mode
  /// The length of the audio, in seconds.
  public var audioDuration: Double

  /// Creates a transcript.
  /// - Parameters:
  ///   - text: The recognised words.
  ///   - mode: How the speech was matched.
  ///   - audioDuration: The length of the audio, in seconds.
  public init(text: String, mode: Mode, audioDuration: Double) {
    self.text = text
    self.mode = mode
    self.audioDuration = audioDuration
  }
}
