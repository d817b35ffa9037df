import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Turns SIGWINCH, SIGINT, SIGTERM and SIGHUP into run-loop events, so the app restores the
/// terminal before it exits instead of dying with the terminal in raw mode.
final class SignalWatcher {
  private var sources: [any DispatchSourceSignal] = []
  private static let watched = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

  init(deliver: @escaping @Sendable (TerminalInput) -> Void) {
    let queue = DispatchQueue(label: "MVIKitTerminal.signals")
    for number in Self.watched {
      // Ignore the default action so that the source, not the kernel, handles the signal.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        deliver(number == SIGWINCH ? .resize : .signal(number))
      }
      source.resume()
      sources.append(source)
    }
  }

  func stop() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in Self.watched { signal(number, SIG_DFL) }
  }
}
