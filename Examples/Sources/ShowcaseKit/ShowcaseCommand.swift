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

  @Option(
    name: .customLong("test-from-recording"),
    help: ArgumentHelp(
      "Print a Swift Testing test that drives the showcase's model through a recording made "
        + "with --record (effects replaced by what they sent), then exit.",
      valueName: "file"))
  var testRecordingFile: String?

  @Option(
    name: .customLong("inspect"),
    help: ArgumentHelp(
      "Serve the live inspector on this port (0 for any free one) and show its address: "
        + "open it in a browser to see every intent, state and side effect.",
      valueName: "port"))
  var inspectPort: Int?

  @Option(
    name: .customLong("inspect-token"),
    help: ArgumentHelp(
      "The secret the inspector's address carries; random when not given.", valueName: "token"))
  var inspectToken: String?

  @Option(
    name: .customLong("inspect-host"),
    help: ArgumentHelp(
      "The address the inspector listens on; 127.0.0.1 unless you mean to reach it from "
        + "another machine.", valueName: "address"))
  var inspectHost = "127.0.0.1"

  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp(
      "Keep what the showcase remembers (the app open, Login's email, the Users and Todos "
        + "filters, Transcribe's folder) in DIR instead of $XDG_STATE_HOME/org.mvikit.showcase.",
      valueName: "dir"))
  var stateFolder: String?

  @Flag(
    name: .customLong("reset-state"),
    help: "Forget what the showcase remembers, then start on the home screen.")
  var resetsState = false

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
    options.inspectPort = inspectPort
    options.inspectToken = inspectToken
    options.inspectHost = inspectHost
    options.stateFolder = stateFolder
    options.resetsState = resetsState
    return options
  }

  /// Refuses an empty path, which would mean the current folder by accident.
  public func validate() throws {
    for (flag, path) in [
      ("--todos-db", todosPath), ("--audio-dir", audioFolder), ("--state-dir", stateFolder),
    ]
    where path?.isEmpty == true {
      throw ValidationError("\(flag) needs a path, not an empty one.")
    }
    for (flag, file) in [("--replay", replayFile), ("--test-from-recording", testRecordingFile)] {
      guard let file, !FileManager.default.isReadableFile(atPath: file) else { continue }
      throw ValidationError(
        FileManager.default.fileExists(atPath: file)
          ? "\(flag): \(file) cannot be read; check its permissions."
          : "\(flag): there is no file at \(file). Give the path of a recording made with --record."
      )
    }
    if let port = inspectPort, !(0...65_535).contains(port) {
      throw ValidationError("--inspect needs a port from 0 to 65535, not \(port).")
    }
    if inspectPort == nil, inspectToken != nil || inspectHost != "127.0.0.1" {
      throw ValidationError("--inspect-token and --inspect-host go with --inspect PORT.")
    }
    if let token = inspectToken,
      token.isEmpty || !token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    {
      throw ValidationError("--inspect-token takes letters, digits, - and _ only.")
    }
  }

  /// Runs the showcase until the user quits, then exits with its status.
  @MainActor
  public func run() async throws {
    if let file = testRecordingFile {
      do {
        print(try ShowcaseRecording.testSource(from: file), terminator: "")
        return
      } catch {
        throw ValidationError("--test-from-recording: \(file): \(error)")
      }
    }
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
