import Foundation
import MVIKitTerminal
import Transcribe

/// What the showcase's flags (``ShowcaseCommand``) choose: each points one app at another
/// backend.
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
  /// The port of the live inspector (0 for any free one); nil attaches none.
  public var inspectPort: Int?
  /// The inspector's token; a random one when nil.
  public var inspectToken: String?
  /// The address the inspector listens on: loopback unless given on purpose.
  public var inspectHost = "127.0.0.1"
  /// The folder the showcase keeps what it remembers in; nil for the platform's state folder.
  public var stateFolder: String?
  /// Forget what the showcase remembers before starting.
  public var resetsState = false
  /// No flags: every app on its embedded default.
  public init() {}
}
