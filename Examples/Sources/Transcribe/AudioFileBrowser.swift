import Foundation

/// Lists a folder for picking an audio file: a way up, the subfolders, then the audio files,
/// each group sorted by name. Hidden entries are left out.
public struct AudioFileBrowser: Sendable {
  /// One line of a ``Listing``.
  public struct Entry: Sendable, Hashable, Identifiable, Codable {
    /// What an entry is.
    public enum Kind: Sendable, Hashable, Codable {
      /// The enclosing folder (shown as `..`).
      case parent
      /// A subfolder.
      case folder
      /// An audio file this app can transcribe.
      case audio
      /// An audio file in a format this app cannot read, such as MP3.
      case unsupportedAudio
    }

    /// The name to show.
    public var name: String
    /// Where the entry is.
    public var url: URL
    /// What the entry is.
    public var kind: Kind

    /// Identifies the entry by its path and kind.
    public var id: String { "\(kind):\(url.path)" }

    /// Creates an entry.
    /// - Parameters:
    ///   - name: The name to show.
    ///   - url: Where the entry is.
    ///   - kind: What the entry is.
    public init(name: String, url: URL, kind: Kind) {
      self.name = name
      self.url = url
      self.kind = kind
    }
  }

  /// The contents of one folder.
  public struct Listing: Sendable, Equatable, Codable {
    /// The folder listed, with symbolic links and `..` resolved.
    public var folder: URL
    /// The entries: parent first, then folders, then audio files.
    public var entries: [Entry]
  }

  /// File extensions (lower case) of audio this app can read.
  public var supportedExtensions: Set<String>
  /// File extensions (lower case) of other audio, listed but marked unsupported.
  public var unsupportedExtensions: Set<String>

  /// Creates a browser.
  /// - Parameters:
  ///   - supportedExtensions: Extensions of readable audio; `wav` by default.
  ///   - unsupportedExtensions: Extensions of audio to list as unsupported.
  public init(
    supportedExtensions: Set<String> = ["wav"],
    unsupportedExtensions: Set<String> = [
      "mp3", "m4a", "aac", "flac", "ogg", "opus", "aif", "aiff",
    ]
  ) {
    self.supportedExtensions = supportedExtensions
    self.unsupportedExtensions = unsupportedExtensions
  }

  /// Lists a folder.
  /// - Parameter folder: The folder to list.
  /// - Returns: Its parent (unless it is `/`), subfolders and audio files.
  /// - Throws: ``TranscribeError/folderNotFound(path:)``, ``TranscribeError/notAFolder(path:)``
  ///   or ``TranscribeError/unreadableFolder(path:reason:)``.
  public func list(_ folder: URL) throws(TranscribeError) -> Listing {
    let folder = folder.standardizedFileURL.resolvingSymlinksInPath()
    let path = folder.path
    let found = RawFileName.fileExists(path)
    guard found.exists else { throw .folderNotFound(path: path) }
    guard found.isFolder else { throw .notAFolder(path: path) }
    guard RawFileName.withCPath(path, { access($0, R_OK) }) == 0 else {
      throw .unreadableFolder(path: path, reason: "permission denied")
    }
    // Read as bytes: Foundation drops, or cannot reopen, a name that is not UTF-8.
    guard let names = RawFileName.names(in: path) else {
      throw .unreadableFolder(path: path, reason: "its contents could not be listed")
    }
    var folders: [Entry] = []
    var files: [Entry] = []
    for name in names where !name.hasPrefix(".") {
      let url = folder.appending(path: name)
      let entry = RawFileName.fileExists(url.path)
      guard entry.exists else { continue }  // A dangling symbolic link.
      let shown = RawFileName.display(name)
      if entry.isFolder {
        folders.append(Entry(name: shown, url: url, kind: .folder))
        continue
      }
      let fileExtension = url.pathExtension.lowercased()
      if supportedExtensions.contains(fileExtension) {
        files.append(Entry(name: shown, url: url, kind: .audio))
      } else if unsupportedExtensions.contains(fileExtension) {
        files.append(Entry(name: shown, url: url, kind: .unsupportedAudio))
      }
    }
    let byName: (Entry, Entry) -> Bool = {
      let left = $0.name.lowercased()
      let right = $1.name.lowercased()
      return left == right ? $0.name < $1.name : left < right
    }
    var entries: [Entry] = []
    if path != "/" {
      entries.append(Entry(name: "..", url: folder.deletingLastPathComponent(), kind: .parent))
    }
    entries += folders.sorted(by: byName) + files.sorted(by: byName)
    return Listing(folder: folder, entries: entries)
  }
}
