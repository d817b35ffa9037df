import ExampleHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The embedded transcription engine: `Examples/TranscriptionEngine/engine.py`, faster-whisper
/// with the bundled `tiny.en` model, run from the virtual environment `scripts/bootstrap.sh`
/// installs, on a free loopback port.
///
/// It starts on first use, is health-checked before it is used, starts again when it has
/// died, and never outlives this process (see ``stop()`` and the engine's input pipe).
public actor WhisperEngine {
  /// The engine's folder, holding `engine.py` and `.venv`.
  public nonisolated let directory: URL
  /// The port asked for; when it is taken, or 0, the engine takes a free one.
  public nonisolated let preferredPort: Int
  private let startTimeout: Duration
  private let environment: [String: String]
  private var running: (process: EngineProcess, baseURL: URL)?
  private var starting: Task<(EngineProcess, URL), any Error>?

  /// The engine folder next to these sources, or `MVIKIT_STT_ENGINE_DIR` when set.
  public static func defaultDirectory() -> URL {
    if let path = ProcessInfo.processInfo.environment["MVIKIT_STT_ENGINE_DIR"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    // Sources/Transcribe/Whisper/WhisperEngine.swift → Examples/TranscriptionEngine
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../TranscriptionEngine").standardizedFileURL
  }

  /// An engine, not yet started.
  /// - Parameters:
  ///   - directory: The engine's folder.
  ///   - preferredPort: The port to ask for; 0 lets the system choose.
  ///   - startTimeout: How long loading the model may take.
  ///   - environment: Extra environment variables for the engine.
  public init(
    directory: URL = defaultDirectory(), preferredPort: Int = 0,
    startTimeout: Duration = .seconds(60), environment: [String: String] = [:]
  ) {
    self.directory = directory
    self.preferredPort = preferredPort
    self.startTimeout = startTimeout
    self.environment = environment
  }

  /// The virtual environment's Python.
  public nonisolated var python: URL { directory.appending(path: ".venv/bin/python") }
  /// The engine's script.
  public nonisolated var script: URL { directory.appending(path: "engine.py") }

  /// The engine's process identifier while it runs.
  public var processIdentifier: Int32? {
    guard let running, running.process.exitDescription == nil else { return nil }
    return running.process.processIdentifier
  }

  /// How the last run ended, or nil while it runs or before the first.
  public var exitDescription: String? { running?.process.exitDescription }

  /// How the engine's process ended, waiting up to `timeout` for it to end; nil if it runs on.
  /// A broken connection is seen a moment before the process's end is reported.
  func waitForExit(timeout: Duration = .seconds(1)) async -> String? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let exit = running?.process.exitDescription { return exit }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return running?.process.exitDescription
  }

  /// Starts the engine unless it runs, and returns its API root (`http://127.0.0.1:PORT/v1`).
  /// - Throws: ``TranscribeError/recognizerUnavailable(reason:)`` saying what is missing or
  ///   why the engine did not start.
  public func start() async throws -> URL {
    if let running, running.process.exitDescription == nil { return running.baseURL }
    running = nil
    if let starting { return try await starting.value.1 }
    let task = Task { try await launch() }
    starting = task
    defer { starting = nil }
    let (process, baseURL) = try await task.value
    running = (process, baseURL)
    return baseURL
  }

  /// Stops the engine and waits until its process is gone.
  public func stop() async {
    starting?.cancel()
    let process = running?.process
    running = nil
    await process?.stop()
  }

  /// Ends the engine's input as this process's death would; the engine then exits on its own.
  /// For tests of that safety net.
  public func simulateParentExit() {
    running?.process.closeInput()
  }

  private func launch() async throws -> (EngineProcess, URL) {
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: script.path) else {
      throw TranscribeError.recognizerUnavailable(
        reason: "the Whisper engine is missing (\(script.path) not found).")
    }
    guard fileManager.isExecutableFile(atPath: python.path) else {
      throw TranscribeError.recognizerUnavailable(
        reason: "the Whisper engine is not installed (\(python.path) not found). Run "
          + "scripts/bootstrap.sh to install it.")
    }
    let process: EngineProcess
    do {
      process = try EngineProcess(
        python: python, script: script, preferredPort: preferredPort, environment: environment)
    } catch {
      throw TranscribeError.recognizerUnavailable(
        reason: "the Whisper engine could not be started (\(error.localizedDescription)).")
    }
    do {
      let port = try await process.port(within: startTimeout)
      let baseURL = URL(string: "http://127.0.0.1:\(port)/v1")!
      try await healthCheck(port: port)
      return (process, baseURL)
    } catch {
      await process.stop()
      throw TranscribeError.recognizerUnavailable(reason: Self.reason(error, process: process))
    }
  }

  private func healthCheck(port: Int) async throws {
    let transport = HTTPTransport(timeout: .seconds(5))
    let reply = try await transport.send(
      URLRequest(url: URL(string: "http://127.0.0.1:\(port)/health")!))
    guard reply.isSuccess else { throw HealthCheckFailed(status: reply.status) }
  }

  private struct HealthCheckFailed: Error {
    let status: Int
  }

  private static func reason(_ error: any Error, process: EngineProcess) -> String {
    switch error {
    case EngineProcess.Failure.exited(let exit, let line):
      return "the Whisper engine did not start: \(line ?? exit)."
    case EngineProcess.Failure.timedOut:
      return "the Whisper engine did not start in time"
        + (process.lastErrorLine.map { " (\($0))" } ?? "") + "."
    case let failed as HealthCheckFailed:
      return "the Whisper engine started but failed its health check (HTTP \(failed.status))."
    default:
      return "the Whisper engine started but did not answer its health check."
    }
  }
}
