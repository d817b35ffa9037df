import Foundation

/// A speech engine that speaks the OpenAI-compatible transcription API, either to the
/// embedded ``WhisperEngine`` (the default) or to a service the user names; the Transcribe
/// model uses it as a ``SpeechRecognizer``.
public struct WhisperRecognizer: Sendable {
  /// Where the transcriptions are made.
  public enum Backend: Sendable {
    /// The embedded engine, started on first use.
    case embedded(WhisperEngine)
    /// A service at a URL, such as `https://api.openai.com/v1`.
    case remote(TranscriptionService)
  }

  /// Where the transcriptions are made.
  public let backend: Backend

  /// A recognizer over `backend`.
  public init(backend: Backend) {
    self.backend = backend
  }

  /// The model the embedded engine bundles.
  public static let embeddedModel = "tiny.en"

  /// What the API accepts; the engine decodes them (through FFmpeg's libraries).
  public static let apiAudioExtensions: Set<String> = [
    "wav", "mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "webm", "mpga", "mpeg",
  ]

  /// Names the backend.
  public var name: String {
    switch backend {
    case .embedded: "Whisper \(Self.embeddedModel) (embedded engine)"
    case .remote(let service): "Whisper \(service.model) at \(service.serviceName)"
    }
  }

  /// The formats of the transcription API.
  public var audioExtensions: Set<String> { Self.apiAudioExtensions }

  /// Starts the embedded engine, or checks that the service answers and takes the key.
  public func availability() async -> RecognizerAvailability {
    do {
      _ = try await service()
      if case .remote(let service) = backend { try await service.check() }
      return .available
    } catch TranscribeError.recognizerUnavailable(let reason) {
      return .unavailable(reason: reason)
    } catch {
      return .unavailable(
        reason: (error as? TranscribeError)?.description ?? String(describing: error))
    }
  }

  /// Sends `audio` to the service; `phrases` go as the prompt, a hint the model may follow.
  public func transcribe(
    _ audio: URL, phrases: [String]?,
    onSegment: @escaping @Sendable (TranscriptSegment, Double?) async -> Void
  ) async throws -> Transcript {
    if Self.isBigEndianWAV(audio) {
      // FFmpeg's WAV reader answers such a file with "Not yet implemented in FFmpeg, patches
      // welcome": say what the file is and how to convert it instead.
      throw TranscribeError.undecodableAudio(
        path: audio.path,
        reason: "it is a big-endian WAV (RIFX), which the engine's decoder cannot read; "
          + "convert it to an ordinary WAV first, for example: sox \(audio.lastPathComponent) "
          + "-L converted.wav")
    }
    let service = try await service()
    let prompt = phrases.map { $0.joined(separator: ". ") }
    do {
      return try await service.transcribe(audio, prompt: prompt, onSegment: onSegment)
    } catch TranscribeError.serviceUnreachable(let name, let reason) {
      try Task.checkCancellation()
      // A broken answer from the embedded engine means its process died: say so, so that
      // the retry (which starts it again) is the obvious next step.
      if case .embedded(let engine) = backend, let exit = await engine.waitForExit() {
        throw TranscribeError.engineStopped(reason: exit)
      }
      throw TranscribeError.serviceUnreachable(service: name, reason: reason)
    }
  }

  /// Whether `audio` starts as a big-endian WAV does: "RIFX", then "WAVE".
  static func isBigEndianWAV(_ audio: URL) -> Bool {
    guard let handle = try? RawFileName.openFile(audio.path, O_RDONLY) else { return false }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 12), head.count == 12 else { return false }
    return head.prefix(4).elementsEqual("RIFX".utf8) && head.suffix(4).elementsEqual("WAVE".utf8)
  }

  private func service() async throws -> TranscriptionService {
    switch backend {
    case .embedded(let engine):
      TranscriptionService(baseURL: try await engine.start(), model: Self.embeddedModel)
    case .remote(let service):
      service
    }
  }
}
