#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The process's own terminal, on standard input and output: the backend that
/// `TerminalApp` uses unless it is given another.
///
/// Input is read on a background thread, so the main actor never blocks; SIGWINCH, SIGINT,
/// SIGTERM and SIGHUP become ``TerminalInput`` values, so the app restores the terminal before
/// it exits instead of dying in raw mode. The terminal is also restored at process exit.
@MainActor
public final class SystemTerminal: TerminalBackend {
  private var reader: InputReader?
  private var signals: SignalWatcher?

  /// Creates the backend; nothing happens to the terminal until the app enters it.
  public init() {}

  /// Whether standard input and output are both a terminal.
  public static var isInteractive: Bool { TerminalDriver.isInteractive }

  /// The variables colour and graphics detection read, from the process environment.
  public var environment: [String: String] {
    let names = ["NO_COLOR", "FORCE_COLOR", "TERM", "COLORTERM", "TMUX", "MVIKIT_GRAPHICS"]
    return names.reduce(into: [:]) { environment, name in
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
  }

  /// Takes the terminal over; see ``TerminalBackend/enter(viewport:mouse:)``.
  public func enter(viewport: Viewport, mouse: Bool) throws(TerminalError) {
    guard TerminalDriver.isInteractive else { throw .notATerminal }
    try TerminalDriver.enter(viewport: viewport, mouse: mouse)
  }

  /// Puts the terminal back as it was found.
  public func restore() {
    TerminalRestorer.shared.restore()
  }

  /// Stops the process until it is continued: raw mode keeps the terminal from sending
  /// SIGTSTP for Ctrl-Z, so the process stops itself.
  public func suspend() {
    signal(SIGTSTP, SIG_DFL)
    // raise() stops the process before it returns only if this thread takes the signal, and
    // the runtime may have it blocked here: unblock it for the call. Execution resumes after
    // the raise once `fg` sends SIGCONT.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// The terminal's size in cells.
  public func size() -> Size? {
    TerminalDriver.size()
  }

  /// Shows a frame.
  public func draw(_ frame: Grid, bytes: [UInt8]) -> Bool {
    bytes.isEmpty || TerminalOutput.send(bytes)
  }

  /// Writes bytes that are not a frame.
  public func write(_ bytes: [UInt8]) -> Bool {
    TerminalOutput.send(bytes)
  }

  /// Asks the terminal a question and collects its answer.
  public func ask(_ question: [UInt8], timeout: Duration, isComplete: ([UInt8]) -> Bool)
    -> [UInt8]
  {
    TerminalDriver.ask(question, timeout: timeout, isComplete: isComplete)
  }

  /// Starts reporting input.
  public func startInput(_ deliver: @escaping @Sendable (TerminalInput) -> Void) {
    signals = SignalWatcher(deliver: deliver)
    let reader = InputReader(deliver: deliver)
    reader.start()
    self.reader = reader
  }

  /// Stops reporting input.
  public func stopInput() {
    reader?.stop()
    reader = nil
    signals?.stop()
    signals = nil
  }
}
