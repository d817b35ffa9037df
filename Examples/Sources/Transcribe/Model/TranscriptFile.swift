import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a transcript is written: beside its audio file, as `talk.txt` for `talk.wav`, never
/// over a file that the app did not write itself in this session.
///
/// A file of that name that someone else wrote (the user's notes, an older transcript) is kept,
/// and the transcript goes to the first free `talk (2).txt`, `talk (3).txt`, … instead. A new
/// name is claimed with an exclusive create, so a file that appears meanwhile is not
/// overwritten either. Files the app wrote in this session are replaced in place.
enum TranscriptFile {
  /// The name tried first for the transcript of `audio`.
  static func preferredURL(for audio: URL) -> URL {
    audio.deletingPathExtension().appendingPathExtension("txt")
  }

  /// Writes `text` for `audio`, replacing only files whose paths are in `own`.
  /// - Returns: The file written.
  /// - Throws: The file system's error, with the path it was writing.
  static func save(_ text: String, for audio: URL, own: Set<String>) throws -> URL {
    let data = Data(text.utf8)
    for candidate in candidates(for: audio) {
      if own.contains(candidate.path) {
        if RawFileName.isRaw(candidate.path) {
          try replace(candidate, data)
        } else {
          try data.write(to: candidate, options: .atomic)
        }
        return candidate
      }
      if try createExclusively(candidate, data) { return candidate }
    }
    throw CocoaError(
      .fileWriteFileExists,
      userInfo: [NSFilePathErrorKey: preferredURL(for: audio).path])
  }

  /// `talk.txt`, then `talk (2).txt` up to `talk (999).txt`.
  private static func candidates(for audio: URL) -> [URL] {
    let first = preferredURL(for: audio)
    let folder = first.deletingLastPathComponent()
    let stem = first.deletingPathExtension().lastPathComponent
    return [first]
      + (2...999).map {
        folder.appending(path: "\(stem) (\($0)).txt", directoryHint: .notDirectory)
      }
  }

  /// Replaces our own earlier transcript at `url`, whose name is not UTF-8, with `data`.
  private static func replace(_ url: URL, _ data: Data) throws {
    let handle = try RawFileName.openFile(url.path, O_WRONLY | O_TRUNC)
    try handle.write(contentsOf: data)
    try handle.close()
  }

  /// Creates `url` holding `data` when no file has its name; false when one has.
  private static func createExclusively(_ url: URL, _ data: Data) throws -> Bool {
    // Through the file name's bytes, so that a transcript of a Latin-1 `café.wav` is the
    // Latin-1 `café.txt` beside it.
    let handle: FileHandle
    do {
      handle = try RawFileName.openFile(url.path, O_WRONLY | O_CREAT | O_EXCL)
    } catch let error as POSIXError where error.code == .EEXIST {
      return false
    }
    do {
      try handle.write(contentsOf: data)
      try handle.close()
    } catch {
      // A half-written file of ours is removed rather than left looking like a transcript.
      RawFileName.remove(url.path)
      throw error
    }
    return true
  }
}
