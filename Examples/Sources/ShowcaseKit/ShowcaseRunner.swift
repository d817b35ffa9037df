import DemoServer
import Foundation
import MVIKit
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
    let showcase = ShowcaseRoot(backends: backends)
    let app = TerminalApp(
      store: showcase.store, minimumSize: Size(width: 72, height: 20), quitKeys: ["q"],
      presentation: showcase.present, content: { showcase.view })
    app.graphics = options.graphics
    // The engine would also exit on its own once this process is gone (it watches its input
    // pipe); stopping it here waits for that, so no quit leaves it running for a moment.
    do {
      try await app.run()
      await stop(server, backends.whisperEngine)
      return 0
    } catch let error as TerminalError {
      await stop(server, backends.whisperEngine)
      if case .interrupted(let signal) = error { return 128 + signal }
      return fail("\(error)")
    } catch {
      await stop(server, backends.whisperEngine)
      return fail("\(error)")
    }
  }

  private func stop(_ server: RunningServer, _ engine: WhisperEngine?) async {
    await engine?.stop()
    await server.stop()
  }

  private func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("Showcase: \(message)\n".utf8))
    return 1
  }
}
