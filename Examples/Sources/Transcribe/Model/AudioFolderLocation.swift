import Foundation

/// Where the Transcribe app starts browsing for audio.
public enum AudioFolderLocation {
  /// The start folder: `option` when given (relative paths and `~` resolved), else the sample
  /// folder next to the working directory, else the working directory itself.
  ///
  /// The samples sit in `Examples/Samples/audio`, and the showcase is started either from the
  /// repository root (`make demo`, the e2e script) or from `Examples` (`swift run`), so both
  /// places are tried.
  /// - Parameters:
  ///   - option: A path given on the command line, if any.
  ///   - currentDirectory: The folder relative paths start from; the process's by default.
  /// - Returns: The folder to list first. It may not exist when `option` names a missing
  ///   folder; the app then shows why.
  public static func resolve(
    option: String?,
    currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) -> URL {
    if let option, !option.isEmpty {
      let expanded = NSString(string: option).expandingTildeInPath
      return URL(fileURLWithPath: expanded, relativeTo: currentDirectory).standardizedFileURL
    }
    let candidates = [
      currentDirectory.appending(path: "Samples/audio"),
      currentDirectory.appending(path: "Examples/Samples/audio"),
    ]
    for candidate in candidates {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate.standardizedFileURL
      }
    }
    return currentDirectory.standardizedFileURL
  }
}
