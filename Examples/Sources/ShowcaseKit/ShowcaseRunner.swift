import DemoServer
import Foundation
import MVIKit
import MVIKitInspector
import MVIKitPersistence
import MVIKitRecording
import MVIKitTerminal
import Transcribe

/// Runs the showcase in the terminal and returns the process exit status.
@MainActor
public struct ShowcaseRunner {
  let options: ShowcaseOptions

  /// A runner for `options`.
  public init(options: ShowcaseOptions) {
    self.options = options
  }

  /// Starts the server, runs the app until the user quits, stops the server.
  public func run() async -> Int32 {
    let server: RunningServer
    do {
      server = try await DemoServer.start()
    } catch {
      return fail("could not start the embedded server: \(error)")
    }
    let backends = ShowcaseBackends(
      options: options, serverURL: server.baseURL,
      demoHint: "Demo account: \(DemoAccount.email) / \(DemoAccount.password)")
    var recording: Recording<ShowcaseModel>?
    var recorder: Recorder<ShowcaseModel>?
    let showcase: ShowcaseRoot
    do {
      recording = try options.replayFile.map(ShowcaseRecording.load)
      recorder = try options.recordFolder.map(ShowcaseRecording.recorder)
      if let recording {
        // A replay shows the recorded session: nothing of it is remembered.
        showcase = try ShowcaseRoot(backends: backends, replaying: recording, recorder: recorder)
      } else {
        let memory =
          options.stateFolder.map { FileStateStorage(folder: URL(filePath: $0)) }
          ?? .standard(appIdentifier: "org.mvikit.showcase")
        if options.resetsState { try memory.remove(ShowcaseModel.persisted.name) }
        showcase = ShowcaseRoot(backends: backends, recorder: recorder, memory: memory)
        showcase.store.send(.launched)
      }
    } catch {
      await stop(server, backends.whisperEngine)
      // Named once: a file error names its path itself, a decoding error does not.
      let path = options.replayFile ?? options.recordFolder ?? ""
      let message = "\(error)"
      return fail(message.contains(path) ? message : "\(path): \(message)")
    }
    defer {
      if let recording, let file = options.replayFile {
        report("replayed \(recording.steps.count) steps of \(file), each state reproduced")
      }
      if let recorder {
        recorder.stop()
        report("recorded \(recorder.stepCount) steps to \(recorder.url.path)")
        if let failure = recorder.failure { report("the recording stopped early: \(failure)") }
      }
    }
    var inspector: Inspector<ShowcaseModel>?
    if let port = options.inspectPort {
      do {
        // A copied test makes the model as the command line's does: unconnected, as its
        // dependencies are never called in a test made from a recording.
        inspector = try await Inspector.attach(
          to: showcase.store, host: options.inspectHost, port: port, token: options.inspectToken,
          announce: false, testModel: "ShowcaseModel.unconnected")
        showcase.inspectorURL = inspector?.url
        showcase.agentURL = inspector?.mcpURL
      } catch {
        await stop(server, backends.whisperEngine)
        return fail("\(error)")
      }
    }
    let app = TerminalApp(
      store: showcase.store, minimumSize: Size(width: 72, height: 20), quitKeys: ["q"],
      presentation: showcase.present, timeTravel: showcase.history, content: { showcase.view })
    app.graphics = options.graphics
    app.halfBlocksHint = "--graphics blocks"
    // The engine would also exit on its own once this process is gone (it watches its input
    // pipe); stopping it here waits for that, so no quit leaves it running for a moment.
    let ended: Result<Void, any Error>
    do {
      try await app.run()
      ended = .success(())
    } catch {
      ended = .failure(error)
    }
    // What changed in the last moments before the quit is saved, however the app ended.
    await showcase.persistence?.flush()
    await stop(server, backends.whisperEngine, inspector)
    switch ended {
    case .success: return 0
    case .failure(TerminalError.interrupted(let signal)): return 128 + signal
    case .failure(let error): return fail("\(error)")
    }
  }

  private func stop(
    _ server: RunningServer, _ engine: WhisperEngine?,
    _ inspector: Inspector<ShowcaseModel>? = nil
  ) async {
    await inspector?.stop()
    await engine?.stop()
    await server.stop()
  }

  private func fail(_ message: String) -> Int32 {
    report(message)
    return 1
  }

  private func report(_ message: String) {
    // The throwing write: once the terminal is gone (SIGHUP), standard error is too, and the
    // old write(_:) traps on that.
    try? FileHandle.standardError.write(contentsOf: Data("Showcase: \(message)\n".utf8))
  }
}
