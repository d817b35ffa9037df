import Foundation

/// The speech-recognition flags shared by the showcase and the `transcribe` command:
/// `--stt-engine whisper|pocketsphinx`, `--stt-url URL` and `--stt-model NAME`.
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

  /// What the flags mean, for a usage text.
  public static let usage = """
      --stt-engine NAME  whisper (default) or pocketsphinx (WAV only, no Python needed)
      --stt-url URL      an OpenAI-compatible transcription API instead of the embedded
                         engine, e.g. https://api.openai.com/v1 (key from OPENAI_API_KEY)
      --stt-model NAME   the model to ask that API for (default whisper-1)
    """

  /// Takes the value of `flag` if it is one of these options.
  /// - Returns: Whether `flag` was one of them.
  /// - Throws: A readable message when the value is missing or wrong.
  public mutating func parse(
    _ flag: String, from remaining: inout ArraySlice<String>
  ) throws(RecognizerOptionsError) -> Bool {
    switch flag {
    case "--stt-engine":
      guard let value = remaining.popFirst() else { throw .missingValue(flag) }
      guard let engine = Engine(rawValue: value.lowercased()) else {
        throw .invalidValue(flag, value, expected: "whisper or pocketsphinx")
      }
      self.engine = engine
    case "--stt-url":
      guard let value = remaining.popFirst() else { throw .missingValue(flag) }
      guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""),
        url.host != nil
      else { throw .invalidValue(flag, value, expected: "an http(s) URL") }
      serviceURL = url
    case "--stt-model":
      guard let value = remaining.popFirst(), !value.isEmpty else { throw .missingValue(flag) }
      model = value
    default:
      return false
    }
    return true
  }

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

/// A speech-recognition flag the program cannot use.
public enum RecognizerOptionsError: Error, Equatable, CustomStringConvertible {
  case missingValue(String)
  case invalidValue(String, String, expected: String)

  /// What went wrong, and what is expected.
  public var description: String {
    switch self {
    case .missingValue(let flag): "\(flag) needs a value."
    case .invalidValue(let flag, let value, let expected):
      "\(flag) needs \(expected), not \"\(value)\"."
    }
  }
}
