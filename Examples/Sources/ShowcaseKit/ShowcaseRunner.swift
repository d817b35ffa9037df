import DemoServer
import Foundation
import MVIKit
import MVIKitTerminal

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
    let host = AppHost(backends: backends)
    let store = Store(initialState: ShowcaseModel.State(), model: ShowcaseModel())
    let app = TerminalApp(
      store: store, minimumSize: Size(width: 72, height: 20), quitKeys: ["q"],
      presentation: { sideEffect in
        host.handle(sideEffect)
        return nil
      },
      content: { ShowcaseView(store: store, host: host) })
    host.present = { [weak app] presentation in app?.show(presentation) }
    do {
      try await app.run()
      await server.stop()
      return 0
    } catch let error as TerminalError {
      await server.stop()
      if case .interrupted(let signal) = error { return 128 + signal }
      return fail("\(error)")
    } catch {
      await server.stop()
      return fail("\(error)")
    }
  }

  private func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("Showcase: \(message)\n".utf8))
    return 1
  }
}
