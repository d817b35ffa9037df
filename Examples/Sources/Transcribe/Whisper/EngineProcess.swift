import Foundation
import Synchronization

/// One run of the engine's Python process: its pipes, the port it reported, how it ended.
///
/// Its standard input is a pipe this process holds open and never writes to. The engine
/// exits when it reads end-of-file there, which happens however this process ends, a crash
/// or `kill -9` included, so the engine never outlives its parent.
final class EngineProcess: Sendable {
  /// The line the engine prints once it listens, followed by `host:port`.
  static let readyPrefix = "MVIKIT-STT-ENGINE LISTENING "

  private struct Status {
    var stderrTail = Data()
    var exit: String?
    var ready: CheckedContinuation<Int, any Error>?
    var port: Int?
  }

  /// The status, in a class of its own so that the pipe readers can hold it.
  private final class Shared: Sendable {
    let status = Mutex(Status())
  }

  private let process: Process
  private let parentEnd: FileHandle
  private let shared = Shared()

  /// Starts `python script --host 127.0.0.1 --port preferredPort`.
  /// - Throws: When the executable cannot be started.
  init(python: URL, script: URL, preferredPort: Int, environment: [String: String]) throws {
    let process = Process()
    process.executableURL = python
    process.arguments = [script.path, "--host", "127.0.0.1", "--port", "\(preferredPort)"]
    process.environment = ProcessInfo.processInfo.environment
      .merging(environment) { _, new in new }
      .merging(["PYTHONUNBUFFERED": "1"]) { _, new in new }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    self.process = process
    self.parentEnd = stdin.fileHandleForWriting
    process.terminationHandler = { [shared] ended in
      let exit =
        ended.terminationReason == .uncaughtSignal
        ? "it was killed by signal \(ended.terminationStatus)"
        : "it exited with status \(ended.terminationStatus)"
      let (ready, tail) = shared.status.withLock {
        $0.exit = exit
        return ($0.ready.take(), $0.stderrTail)
      }
      ready?.resume(throwing: Failure.exited(exit, Self.lastLine(of: tail)))
    }
    try process.run()
    // The child has its copies; ours of the child's ends would keep the pipes open.
    try? stdin.fileHandleForReading.close()
    try? stdout.fileHandleForWriting.close()
    try? stderr.fileHandleForWriting.close()
    Self.drain(stderr.fileHandleForReading) { [shared] chunk in
      shared.status.withLock {
        $0.stderrTail.append(chunk)
        if $0.stderrTail.count > 4_096 { $0.stderrTail.removeFirst($0.stderrTail.count - 4_096) }
      }
    }
    Self.readReadyLine(stdout.fileHandleForReading) { [shared] port in
      shared.status.withLock {
        $0.port = port
        return $0.ready.take()
      }?.resume(returning: port)
    }
  }

  /// Why a start failed.
  enum Failure: Error {
    case exited(String, String?)
    case timedOut
  }

  /// The process identifier.
  var processIdentifier: Int32 { process.processIdentifier }

  /// How the process ended, or nil while it runs.
  var exitDescription: String? { shared.status.withLock { $0.exit } }

  /// The last line the engine wrote to its standard error.
  var lastErrorLine: String? { Self.lastLine(of: shared.status.withLock { $0.stderrTail }) }

  /// Waits for the port the engine listens on.
  func port(within timeout: Duration) async throws -> Int {
    let timer = Task { [shared] in
      try await Task.sleep(for: timeout)
      shared.status.withLock { $0.ready.take() }?.resume(throwing: Failure.timedOut)
    }
    defer { timer.cancel() }
    return try await withCheckedThrowingContinuation { continuation in
      let early: Result<Int, Failure>? = shared.status.withLock {
        if let port = $0.port { return .success(port) }
        if let exit = $0.exit { return .failure(.exited(exit, Self.lastLine(of: $0.stderrTail))) }
        $0.ready = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }
  }

  /// Ends the engine: end-of-file on its input, then SIGTERM, then SIGKILL after `grace`.
  func stop(grace: Duration = .seconds(2)) async {
    try? parentEnd.close()
    guard process.isRunning else { return }
    process.terminate()
    let deadline = ContinuousClock.now + grace
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
  }

  /// Closes the engine's input as the death of this process would, without stopping it.
  func closeInput() {
    try? parentEnd.close()
  }

  private static func lastLine(of data: Data) -> String? {
    String(decoding: data, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map { String($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// Reads `handle` to its end on a thread of its own, handing over each chunk.
  private static func drain(_ handle: FileHandle, _ onChunk: @escaping @Sendable (Data) -> Void) {
    Thread.detachNewThread {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        onChunk(chunk)
      }
      try? handle.close()
    }
  }

  /// Reads standard output until the ready line, then keeps draining it.
  private static func readReadyLine(
    _ handle: FileHandle, _ onReady: @escaping @Sendable (Int) -> Void
  ) {
    let buffer = Mutex(Data())
    drain(handle) { chunk in
      let port: Int? = buffer.withLock { buffer in
        guard !buffer.isEmpty || !chunk.isEmpty else { return nil }
        buffer.append(chunk)
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer = Data()
        guard line.hasPrefix(readyPrefix), let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
      }
      if let port { onReady(port) }
    }
  }
}
