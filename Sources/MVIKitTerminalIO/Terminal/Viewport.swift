/// Where `TerminalApp` draws.
public enum Viewport: Hashable, Sendable {
  /// The whole terminal, on the alternate screen: what was on the screen comes back when the
  /// app ends, and the app's frames leave nothing behind.
  case fullscreen
  /// `height` lines below the cursor, on the normal screen, for a small tool that runs in the
  /// middle of a shell session. The lines above stay in place, and when the app ends its last
  /// frame stays in the scrollback with the prompt below it. A terminal shorter than `height`
  /// gets a frame as tall as the terminal.
  case inline(height: Int)
}
