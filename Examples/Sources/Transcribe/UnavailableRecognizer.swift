import Foundation

/// A recognizer that cannot run, for an engine this build lacks: the screen says why and how to
/// get it, as it does for an engine that is not installed.
public struct UnavailableRecognizer: SpeechRecognizer {
  /// What to call it on screen.
  public let name: String
  /// Why it cannot run, and what to do.
  public let reason: String

  /// A recognizer called `name` that is unavailable for `reason`.
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }

  /// Reads nothing.
  public var audioExtensions: Set<String> { [] }

  /// Always unavailable.
  public func availability() async -> RecognizerAvailability {
    .unavailable(reason: reason)
  }

  /// Always fails with the reason.
  public func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    throw TranscribeError.recognizerUnavailable(reason: reason)
  }
}
