#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back the way it was: the one piece of global state, so that `atexit` and
/// every exit path can reach it, and restoring twice is harmless.
final class TerminalRestorer: @unchecked Sendable {
  static let shared = TerminalRestorer()

  // Guarded by `lock`; @unchecked because termios is a C struct the compiler cannot check.
  private var lock = pthread_mutex_t()
  private var saved: termios?
  private var registeredAtExit = false

  private init() {
    pthread_mutex_init(&lock, nil)
  }

  /// Remembers how to restore the terminal; the first call also registers an `atexit` hook.
  func remember(_ settings: termios) {
    pthread_mutex_lock(&lock)
    saved = settings
    let needsHook = !registeredAtExit
    registeredAtExit = true
    pthread_mutex_unlock(&lock)
    if needsHook { atexit { TerminalRestorer.shared.restore() } }
  }

  /// Leaves the alternate screen, shows the cursor, and restores the saved settings, once.
  func restore() {
    pthread_mutex_lock(&lock)
    let settings = saved
    saved = nil
    pthread_mutex_unlock(&lock)
    guard var settings else { return }
    TerminalOutput.send(Array("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8))
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }
}
