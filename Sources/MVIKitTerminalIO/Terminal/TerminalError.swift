/// Why `TerminalApp.run()` stopped without a normal quit.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (piped, redirected, or run by a script).
  case notATerminal
  /// The app was interrupted: Ctrl-C, or a SIGINT, SIGTERM or SIGHUP signal.
  case interrupted(signal: Int32)
  /// The terminal went away (standard input closed or output failed).
  case terminalClosed

  /// A message for the user.
  public var description: String {
    switch self {
    case .notATerminal:
      return "This program needs an interactive terminal, but its input or output is not a TTY."
    case .interrupted(let signal):
      return "Interrupted by signal \(signal)."
    case .terminalClosed:
      return "The terminal was closed."
    }
  }
}
