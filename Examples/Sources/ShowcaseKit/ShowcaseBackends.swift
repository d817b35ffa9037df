import Foundation
import Login
import Todos
import Transcribe
import Users

/// The backends the apps use, resolved from the options and the embedded server.
public struct ShowcaseBackends: Sendable {
  /// Where Users fetches its JSON.
  public var usersURL: URL
  /// Where Login posts credentials.
  public var loginURL: URL
  /// The poster image URL, fetched on each press.
  public var posterURL: URL
  /// The todo database file.
  public var todosURL: URL
  /// The folder Transcribe starts browsing in.
  public var audioFolder: URL
  /// What Transcribe transcribes with.
  public var recognizer: SpeechRecognizer
  /// The embedded Whisper engine, when Transcribe uses it; stopped when the showcase ends.
  public var whisperEngine: WhisperEngine?
  /// Where transcriptions go, for the footer.
  public var speechSummary: String
  /// The demo account's credentials to show on the login screen, when the login goes to the
  /// embedded server.
  public var loginHint: String
  /// What the flags named, which wins over what the showcase remembered under others.
  public var sources: ShowcaseSources

  /// Backends for `options`, with the embedded server at `serverURL` as the default.
  public init(options: ShowcaseOptions, serverURL: URL, demoHint: String) {
    usersURL = options.usersURL ?? serverURL.appendingPathComponent("users")
    loginURL = options.loginURL ?? serverURL.appendingPathComponent("login")
    posterURL = options.posterURL ?? serverURL.appendingPathComponent("posters/random")
    todosURL =
      options.todosPath.map { URL(fileURLWithPath: $0) }
      ?? TodoDatabaseLocation.defaultURL()
    audioFolder = AudioFolderLocation.resolve(option: options.audioFolder)
    (recognizer, whisperEngine) = options.recognizer.makeRecognizer()
    speechSummary = options.recognizer.summary
    loginHint = options.loginURL == nil ? demoHint : "Logging in at \(loginURL.absoluteString)"
    sources = ShowcaseSources(options: options)
  }

  /// The footer: which backend each app talks to, servers on the first line and files on the
  /// second, because on one line the long paths pushed the later URLs off the screen.
  public var footerLines: [String] {
    [
      "users: \(usersURL.absoluteString)  login: \(loginURL.absoluteString)  "
        + "posters: \(posterURL.absoluteString)",
      "audio: \(audioFolder.path)  speech: \(speechSummary)  todos: \(todosURL.path)",
    ]
  }

  /// The footer as one line.
  public var footer: String { footerLines.joined(separator: "  ") }
}
