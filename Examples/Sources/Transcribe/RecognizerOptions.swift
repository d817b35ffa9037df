import Foundation

/// The speech recognizer to use, as the showcase's and the `transcribe` command's flags
/// (``RecognizerFlags``) choose it.
public struct RecognizerOptions: Equatable, Sendable {
  /// The engines to choose from.
  public enum Engine: String, Sendable, CaseIterable {
    /// Whisper through the transcription API: the embedded engine, or `--stt-url`.
    case whisper
    /// PocketSphinx in this process; WAV only, for machines without Python.
    case pocketsphinx
  }

  /// The engine; Whisper by default.
  public var engine = Engine.whisper
  /// A transcription API to use instead of the embedded engine.
  public var serviceURL: URL?
  /// The model to ask that API for; `whisper-1` by default.
  public var model: String?

  /// Whisper on the embedded engine.
  public init() {}

  /// The recognizer these options choose, and the embedded engine when it is the one used
  /// (its owner stops it on exit).
  /// - Parameter environment: Where `OPENAI_API_KEY` is read from.
  public func makeRecognizer(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (recognizer: any SpeechRecognizer, engine: WhisperEngine?) {
    switch engine {
    case .pocketsphinx:
      return (PocketSphinxRecognizer(), nil)
    case .whisper:
      if let serviceURL {
        let service = TranscriptionService(
          baseURL: serviceURL, model: model ?? "whisper-1",
          apiKey: APIKey(environment["OPENAI_API_KEY"]))
        return (WhisperRecognizer(backend: .remote(service)), nil)
      }
      let engine = WhisperEngine()
      return (WhisperRecognizer(backend: .embedded(engine)), engine)
    }
  }

  /// Where transcriptions go, for a footer.
  public var summary: String {
    switch engine {
    case .pocketsphinx: "pocketsphinx (in process)"
    case .whisper: serviceURL.map { "whisper at \($0.absoluteString)" } ?? "whisper (embedded)"
    }
  }
}
