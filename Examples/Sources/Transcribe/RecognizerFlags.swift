import ArgumentParser
import Foundation

/// The speech-recognition flags shared by the showcase and the `transcribe` command:
/// `--stt-engine whisper|pocketsphinx`, `--stt-url URL` and `--stt-model NAME`.
public struct RecognizerFlags: ParsableArguments {
  @Option(
    name: .customLong("stt-engine"),
    help: ArgumentHelp(
      "The speech engine: Whisper, or PocketSphinx (WAV only, no Python needed; only in a "
        + "build with the PocketSphinx trait).",
      valueName: "name"))
  var engine: RecognizerOptions.Engine = .whisper

  @Option(
    name: .customLong("stt-url"),
    help: ArgumentHelp(
      "An OpenAI-compatible transcription API instead of the embedded engine, e.g. "
        + "https://api.openai.com/v1 (key from OPENAI_API_KEY).", valueName: "url"),
    transform: HTTPURL.parse)
  var serviceURL: URL?

  @Option(
    name: .customLong("stt-model"),
    help: ArgumentHelp("The model to ask that API for (default whisper-1).", valueName: "name"))
  var model: String?

  /// The defaults: Whisper on the embedded engine.
  public init() {}

  /// Refuses an engine this build lacks, saying how to build it in.
  public func validate() throws {
    if !engine.isBuilt { throw ValidationError(RecognizerOptions.Engine.pocketSphinxMissing) }
  }

  /// The recognizer the flags choose.
  public var options: RecognizerOptions {
    var options = RecognizerOptions()
    options.engine = engine
    options.serviceURL = serviceURL
    options.model = model
    return options
  }
}

extension RecognizerOptions.Engine: ExpressibleByArgument {}

/// An `http` or `https` URL with a host, as the URL flags take.
public enum HTTPURL {
  /// The URL in `text`, or an error that says what is expected.
  public static func parse(_ text: String) throws -> URL {
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
      url.host != nil
    else { throw ValidationError("needs an http(s) URL, not \"\(text)\".") }
    return url
  }
}
