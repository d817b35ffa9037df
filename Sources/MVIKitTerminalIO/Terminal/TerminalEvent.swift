/// What reaches the app's run loop: the backend's input, or a wake-up from the app itself.
package enum TerminalEvent: Sendable {
  case input(TerminalInput)
  /// Nothing happened outside: look at the stop flag again.
  case wake
}
