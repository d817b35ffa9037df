import Foundation

/// Where the to-do database lives by default.
public enum TodoDatabaseLocation {
  /// `$XDG_DATA_HOME/mvikit/todos.sqlite`, or `~/.local/share/mvikit/todos.sqlite` when
  /// `XDG_DATA_HOME` is unset, empty or relative (the XDG spec says to ignore relative paths).
  /// - Parameter environment: The environment to read; the process's by default.
  public static func defaultURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    dataHome(environment: environment)
      .appending(path: "mvikit", directoryHint: .isDirectory)
      .appending(path: "todos.sqlite", directoryHint: .notDirectory)
  }

  private static func dataHome(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(filePath: xdg, directoryHint: .isDirectory)
    }
    let home: URL
    if let path = environment["HOME"], path.hasPrefix("/") {
      home = URL(filePath: path, directoryHint: .isDirectory)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    return home.appending(path: ".local/share", directoryHint: .isDirectory)
  }
}
