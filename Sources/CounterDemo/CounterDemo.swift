import CounterExample
import MVIKit
import MVIKitTerminal

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

@main
struct CounterDemo {
  @MainActor
  static func main() async {
    let store = Store(initialState: Counter.State(), model: Counter(fact: numberFact))
    let app = TerminalApp(
      store: store, minimumSize: Size(width: 40, height: 10),
      presentation: { sideEffect in
        switch sideEffect {
        case .toast(let text): .toast(text)
        }
      },
      content: { CounterView(store: store) }
    )
    // `--inline`: draw in ten lines under the prompt and leave the last frame in the scrollback.
    if CommandLine.arguments.dropFirst().contains("--inline") {
      app.viewport = .inline(height: 10)
    }
    do {
      try await app.run()
    } catch let error as TerminalError {
      report(error)
      if case .interrupted(let signal) = error { exit(128 + signal) }
      exit(1)
    } catch {
      report(error)
      exit(1)
    }
  }

  private static func report(_ error: any Error) {
    let bytes = Array("CounterDemo: \(error)\n".utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
