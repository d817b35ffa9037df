/// What a ``TerminalBackend`` reports to the app: input, a resize, a signal, or the end of
/// input.
public enum TerminalInput: Sendable, Equatable {
  /// Keys, pastes and mouse events, decoded, in the order they arrived.
  case keys([Key])
  /// The terminal changed size; the app asks ``TerminalBackend/size()`` for the new one.
  case resize
  /// SIGINT, SIGTERM or SIGHUP arrived: the app stops with
  /// ``TerminalError/interrupted(signal:)``.
  case signal(Int32)
  /// Input closed (the terminal went away): the app stops with
  /// ``TerminalError/terminalClosed``.
  case endOfInput
}
