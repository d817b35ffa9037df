import Foundation

/// The backends and the folder that a launch's flags named, nil where a flag was not given:
/// what the showcase remembered each thing under.
///
/// A flag given now wins over what was remembered under another: a Users filter typed for one
/// server is not applied to another server's users, a poster remembered from the embedded
/// server is not fetched when `--poster-url` names another, and Transcribe opens the folder
/// that `--audio-dir` names, which the footer shows.
public struct ShowcaseSources: Equatable, Sendable, Codable {
  /// `--users-url`; nil for the embedded server.
  public var users: URL?
  /// `--poster-url`; nil for the embedded server.
  public var posters: URL?
  /// `--audio-dir`; nil for the sample folder.
  public var audioFolder: String?

  /// The sources of a launch with the given flags; none given by default.
  public init(users: URL? = nil, posters: URL? = nil, audioFolder: String? = nil) {
    self.users = users
    self.posters = posters
    self.audioFolder = audioFolder
  }

  /// The sources `options` name.
  public init(options: ShowcaseOptions) {
    self.init(users: options.usersURL, posters: options.posterURL, audioFolder: options.audioFolder)
  }
}
