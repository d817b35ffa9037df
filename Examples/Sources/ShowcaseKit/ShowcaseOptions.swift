import Foundation
import MVIKitTerminal
import Transcribe

/// The showcase's command-line flags: each points one app at another backend.
public struct ShowcaseOptions: Equatable, Sendable {
  /// Where Users fetches from; nil for the embedded server.
  public var usersURL: URL?
  /// Where Login posts to; nil for the embedded server.
  public var loginURL: URL?
  /// The todo database file; nil for the XDG default.
  public var todosPath: String?
  /// The poster image URL, fetched on each press; nil for the embedded server.
  public var posterURL: URL?
  /// The folder Transcribe starts browsing in; nil for the sample folder.
  public var audioFolder: String?
  /// How the poster is drawn; nil detects the terminal's support.
  public var graphics: GraphicsMode?
  /// Which speech recognizer Transcribe uses.
  public var recognizer = RecognizerOptions()
  /// The folder a recording of the session is written to; nil records nothing.
  public var recordFolder: String?
  /// A recording to replay before the session starts; nil starts on the home screen.
  public var replayFile: String?
  /// Whether `--help` was given.
  public var showsUsage = false

  /// No flags: every app on its embedded default.
  public init() {}

  /// What `--help` prints.
  public static let usage = """
    Usage: Showcase [--users-url URL] [--login-url URL] [--todos-db PATH] [--poster-url URL]
                    [--audio-dir PATH] [--stt-engine NAME] [--stt-url URL] [--stt-model NAME]
                    [--graphics auto|kitty|blocks] [--record DIR] [--replay FILE]

      --users-url URL    fetch users from URL, e.g. https://jsonplaceholder.typicode.com/users
      --login-url URL    post logins to URL instead of the embedded server
      --todos-db PATH    keep todos in the SQLite file PATH
      --poster-url URL   fetch each poster from the image URL itself, e.g.
                         https://picsum.photos/300/450 (JPEG, PNG, WebP or GIF)
      --audio-dir PATH   start Transcribe's file browser in PATH
      --graphics MODE    draw the poster with real pixels (kitty), half blocks (blocks), or
                         ask the terminal (auto, the default; half blocks inside tmux)
      --record DIR       record the session (intents, state changes, side effects; secrets
                         redacted) to DIR/showcase-DATE.jsonl
      --replay FILE      replay a recording without running its effects, check that every
                         state is reproduced (exit 1 with the difference if not), then open
                         it in time travel at its last state
    \(RecognizerOptions.usage)

    Without flags every app uses the embedded server on 127.0.0.1 and the default database,
    and Transcribe starts in Samples/audio (or Examples/Samples/audio) under the current folder,
    transcribing with the embedded Whisper engine (installed by scripts/bootstrap.sh).
    """

  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(ShowcaseOptionsError) -> ShowcaseOptions {
    var options = ShowcaseOptions()
    var remaining = arguments[...]
    while let flag = remaining.popFirst() {
      switch flag {
      case "--help", "-h":
        options.showsUsage = true
      case "--users-url":
        options.usersURL = try url(after: flag, in: &remaining)
      case "--login-url":
        options.loginURL = try url(after: flag, in: &remaining)
      case "--todos-db":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw .missingValue(flag)
        }
        options.todosPath = path
      case "--poster-url":
        options.posterURL = try url(after: flag, in: &remaining)
      case "--graphics":
        guard let value = remaining.popFirst() else { throw .missingValue(flag) }
        if value == "auto" {
          options.graphics = nil
        } else if let mode = GraphicsMode(rawValue: value) {
          options.graphics = mode
        } else {
          throw .invalidValue(flag, value, expected: "auto, kitty or blocks")
        }
      case "--record":
        guard let path = remaining.popFirst(), !path.isEmpty else { throw .missingValue(flag) }
        options.recordFolder = path
      case "--replay":
        guard let path = remaining.popFirst(), !path.isEmpty else { throw .missingValue(flag) }
        options.replayFile = path
      case "--audio-dir":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw .missingValue(flag)
        }
        options.audioFolder = path
      default:
        let known: Bool
        do {
          known = try options.recognizer.parse(flag, from: &remaining)
        } catch {
          throw .recognizer(error)
        }
        guard known else { throw .unknownFlag(flag) }
      }
    }
    return options
  }

  private static func url(
    after flag: String, in remaining: inout ArraySlice<String>
  ) throws(ShowcaseOptionsError) -> URL {
    guard let text = remaining.popFirst() else { throw .missingValue(flag) }
    guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
      url.host != nil
    else { throw .invalidURL(flag, text) }
    return url
  }
}

/// A command line the showcase cannot use.
public enum ShowcaseOptionsError: Error, Equatable, CustomStringConvertible {
  case unknownFlag(String)
  case missingValue(String)
  case invalidURL(String, String)
  case recognizer(RecognizerOptionsError)
  case invalidValue(String, String, expected: String)

  /// What went wrong, and what to do instead.
  public var description: String {
    switch self {
    case .unknownFlag(let flag): "Unknown option \(flag). Try --help."
    case .missingValue(let flag): "\(flag) needs a value."
    case .invalidURL(let flag, let text): "\(flag) needs an http(s) URL, not \"\(text)\"."
    case .recognizer(let error): error.description
    case .invalidValue(let flag, let value, let expected):
      "\(flag) needs \(expected), not \"\(value)\"."
    }
  }
}
