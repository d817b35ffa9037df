import Foundation

/// The speech recognizer to use, as the showcase's and the `transcribe` command's flags
/// (``RecognizerFlags``) choose it.
public struct RecognizerOptions: Equatable, Sendable {
  /// The engines to choose from.
  public enum Engine: String, Sendable, CaseIterable {
    /// Whisper through the transcription API: the embedded engine, or `--stt-url`.
    case whisper
    /// PocketSphinx in this process; WAV only, for machines without Python. Only a build with
    /// the package's `PocketSphinx` trait has it (see ``isBuilt``).
    case pocketsphinx

    /// Whether this build has the engine: PocketSphinx is an optional package trait.
    public var isBuilt: Bool {
      switch self {
      case .whisper: true
      case .pocketsphinx:
        #if PocketSphinx
          true
        #else
          false
        #endif
      }
    }

    /// What to do to have the engine when this build lacks it.
    public static let pocketSphinxMissing =
      "this build has no PocketSphinx; build with --traits PocketSphinx "
      + "(`swift run --traits PocketSphinx Showcase`, `make test-pocketsphinx`)."
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
  ) -> (recognizer: SpeechRecognizer, engine: WhisperEngine?) {
    switch engine {
    case .pocketsphinx:
      #if PocketSphinx
        return (SpeechRecognizer(PocketSphinxRecognizer()), nil)
      #else
        return (
          .unavailable(
            name: "PocketSphinx (not in this build)", reason: Engine.pocketSphinxMissing), nil
        )
      #endif
    case .whisper:
      if let serviceURL {
        let service = TranscriptionService(
          baseURL: serviceURL, model: model ?? "whisper-1",
          apiKey: APIKey(environment["OPENAI_API_KEY"]))
        return (SpeechRecognizer(WhisperRecognizer(backend: .remote(service))), nil)
      }
      let engine = WhisperEngine()
      return (SpeechRecognizer(WhisperRecognizer(backend: .embedded(engine))), engine)
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
