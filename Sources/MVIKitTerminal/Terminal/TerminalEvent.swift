/// What the terminal reports to the app's run loop.
enum TerminalEvent: Sendable {
  case keys([Key])
  case resize
  case signal(Int32)
  case endOfInput
  case wake
}
