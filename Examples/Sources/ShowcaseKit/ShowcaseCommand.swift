import ArgumentParser
import Foundation
import MVIKitTerminal
import Transcribe

/// `Showcase [options]`: the five sample apps in the terminal. Each flag points one app at
/// another backend; without flags every app uses its embedded default.
public struct ShowcaseCommand: AsyncParsableCommand {
  /// The command's name and help.
  public static let configuration = CommandConfiguration(
    commandName: "Showcase",
    abstract: "The five MVIKit sample apps in the terminal.",
    discussion: """
      Without flags every app uses the embedded server on 127.0.0.1 and the default database, \
      and Transcribe starts in Samples/audio (or Examples/Samples/audio) under the current \
      folder, transcribing with the embedded Whisper engine (installed by \
      scripts/bootstrap.sh).
      """)

  @Option(
    help: ArgumentHelp(
      "Fetch users from this URL, e.g. https://jsonplaceholder.typicode.com/users.",
      valueName: "url"),
    transform: HTTPURL.parse)
  var usersURL: URL?

  @Option(
    help: ArgumentHelp("Post logins to this URL instead of the embedded server.", valueName: "url"),
    transform: HTTPURL.parse)
  var loginURL: URL?

  @Option(
    name: .customLong("todos-db"),
    help: ArgumentHelp("Keep todos in this SQLite file.", valueName: "path"))
  var todosPath: String?

  @Option(
    help: ArgumentHelp(
      "Fetch each poster from this image URL, e.g. https://picsum.photos/300/450 (JPEG, PNG, "
        + "WebP or GIF).", valueName: "url"),
    transform: HTTPURL.parse)
  var posterURL: URL?

  @Option(
    name: .customLong("audio-dir"),
    help: ArgumentHelp("Start Transcribe's file browser in this folder.", valueName: "path"))
  var audioFolder: String?

  @Option(
    help: ArgumentHelp(
      "Draw the poster with real pixels (kitty), half blocks (blocks), or ask the terminal "
        + "(auto; half blocks inside tmux).", valueName: "mode"))
  var graphics: GraphicsChoice = .auto

  @Option(
    name: .customLong("record"),
    help: ArgumentHelp(
      "Record the session (intents, state changes, side effects; secrets redacted) to "
        + "DIR/showcase-DATE.jsonl.", valueName: "dir"))
  var recordFolder: String?

  @Option(
    name: .customLong("replay"),
    help: ArgumentHelp(
      "Replay a recording without running its effects, check that every state is reproduced "
        + "(exit 1 with the difference if not), then open it in time travel at its last state.",
      valueName: "file"))
  var replayFile: String?

  @OptionGroup(title: "Speech recognition") var recognizer: RecognizerFlags

  /// No flags: every app on its embedded default.
  public init() {}

  /// What the flags choose.
  public var options: ShowcaseOptions {
    var options = ShowcaseOptions()
    options.usersURL = usersURL
    options.loginURL = loginURL
    options.todosPath = todosPath
    options.posterURL = posterURL
    options.audioFolder = audioFolder
    options.graphics = graphics.mode
    options.recognizer = recognizer.options
    options.recordFolder = recordFolder
    options.replayFile = replayFile
    return options
  }

  /// Refuses an empty path, which would mean the current folder by accident.
  public func validate() throws {
    for (flag, path) in [("--todos-db", todosPath), ("--audio-dir", audioFolder)]
    where path?.isEmpty == true {
      throw ValidationError("\(flag) needs a path, not an empty one.")
    }
  }

  /// Runs the showcase until the user quits, then exits with its status.
  @MainActor
  public func run() async throws {
    let status = await ShowcaseRunner(options: options).run()
    if status != 0 { throw ExitCode(status) }
  }
}

/// The values of `--graphics`.
enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, kitty, blocks

  var mode: GraphicsMode? {
    switch self {
    case .auto: nil
    case .kitty: .kitty
    case .blocks: .halfBlocks
    }
  }
}
