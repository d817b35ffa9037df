import Foundation

/// Runs the command-line tools the tests make their real inputs with (espeak-ng, sox, cjpeg,
/// cwebp, the engine's Python), with a message that names the fix when one is missing.
public enum Tool {
  /// A tool that is not on `PATH`.
  public struct Missing: Error, CustomStringConvertible {
    /// The tool's name.
    public let tool: String
    /// What to do.
    public var description: String { "\(tool) is not installed: run scripts/bootstrap.sh." }
  }

  /// A tool that exited with a failure.
  public struct Failed: Error, CustomStringConvertible {
    /// The command line.
    public let command: String
    /// Its exit status.
    public let status: Int32
    /// The command and its status.
    public var description: String { "\(command) exited with status \(status)" }
  }

  /// Runs `tool` (a name looked up on `PATH`, or a path) with `arguments` and waits for it.
  /// - Throws: ``Missing`` or ``Failed``.
  public static func run(_ tool: String, _ arguments: [String]) throws {
    guard let executable = find(tool) else { throw Missing(tool: tool) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failed(
        command: "\(tool) \(arguments.joined(separator: " "))", status: process.terminationStatus)
    }
  }

  /// Where `tool` is: itself when it is a path, else the first match on `PATH`.
  public static func find(_ tool: String) -> URL? {
    if tool.contains("/") {
      return FileManager.default.isExecutableFile(atPath: tool) ? URL(fileURLWithPath: tool) : nil
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appending(path: tool)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}
