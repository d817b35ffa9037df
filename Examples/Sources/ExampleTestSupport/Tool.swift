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

  /// Runs `tool` (a name looked up on `PATH`, or a path) with `arguments` and waits for it
  /// without holding a thread: a blocked thread of the two-core test machine's cooperative
  /// pool stalls every other test's tasks.
  /// - Throws: ``Missing`` or ``Failed``.
  public static func run(_ tool: String, _ arguments: [String]) async throws {
    guard let executable = find(tool) else { throw Missing(tool: tool) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    guard status == 0 else {
      throw Failed(command: "\(tool) \(arguments.joined(separator: " "))", status: status)
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
