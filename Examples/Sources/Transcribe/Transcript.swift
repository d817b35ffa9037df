/// The result of one transcription.
public struct Transcript: Sendable, Equatable, Codable {
  /// How the phrase list took part.
  public enum Mode: Sendable, Equatable, Codable {
    /// Any speech, with no phrase list.
    case freeSpeech
    /// Any speech, with the phrase list given to the recognizer as likely words.
    case phraseHints
    /// One of the phrases, which matched both the phrase grammar and free recognition.
    case phrases
  }

  /// The recognised text; empty when no speech was found.
  public var text: String
  /// How the phrase list took part.
  public var mode: Mode
  /// The length of the audio, in seconds.
  public var audioDuration: Double
  /// The text piece by piece with its place in the audio, when the recognizer gives them.
  public var segments: [TranscriptSegment]

  /// Creates a transcript.
  /// - Parameters:
  ///   - text: The recognised text.
  ///   - mode: How the phrase list took part.
  ///   - audioDuration: The length of the audio, in seconds.
  ///   - segments: The text piece by piece, if known.
  public init(text: String, mode: Mode, audioDuration: Double, segments: [TranscriptSegment] = []) {
    self.text = text
    self.mode = mode
    self.audioDuration = audioDuration
    self.segments = segments
  }
}

/// A piece of a transcript and where it is in the audio: words, or a stretch of speech the
/// recognizer yielded no words for (``skipReason`` says why), so that no stretch of audio is
/// lost without a word.
///
/// While a transcription runs, a piece with no text and no skip reason says only how far the
/// recognizer has got (``isProgressOnly``); it is never part of a finished ``Transcript``.
public struct TranscriptSegment: Sendable, Equatable, Codable {
  /// Where the piece starts, in seconds from the start of the audio.
  public var start: Double
  /// Where the piece ends, in seconds.
  public var end: Double
  /// The words, trimmed; empty for a skipped stretch.
  public var text: String
  /// Why the recognizer gave no words for this stretch, or nil for words.
  public var skipReason: String?

  /// Creates a segment.
  public init(start: Double, end: Double, text: String, skipReason: String? = nil) {
    self.start = start
    self.end = end
    self.text = text
    self.skipReason = skipReason
  }

  /// A piece that says only that the recognizer has got to ``end``.
  public static func progress(to end: Double) -> TranscriptSegment {
    TranscriptSegment(start: end, end: end, text: "")
  }

  /// Whether this piece only says how far the recognizer has got.
  public var isProgressOnly: Bool { text.isEmpty && skipReason == nil }
}
