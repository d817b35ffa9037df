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
  private var leave: [UInt8] = []
  private var registeredAtExit = false

  private init() {
    pthread_mutex_init(&lock, nil)
  }

  /// Remembers how to restore the terminal: its `settings`, and the bytes that undo what was
  /// turned on (the alternate screen only if it was entered: leaving it when it was not would
  /// move the cursor). The first call also registers an `atexit` hook.
  func remember(_ settings: termios, leave: [UInt8]) {
    pthread_mutex_lock(&lock)
    saved = settings
    self.leave = leave
    let needsHook = !registeredAtExit
    registeredAtExit = true
    pthread_mutex_unlock(&lock)
    if needsHook { atexit { TerminalRestorer.shared.restore() } }
  }

  /// Sends the remembered bytes (mouse and paste off, cursor shown, alternate screen left) and
  /// restores the saved settings, once.
  func restore() {
    pthread_mutex_lock(&lock)
    let settings = saved
    let leave = self.leave
    saved = nil
    pthread_mutex_unlock(&lock)
    guard var settings else { return }
    TerminalOutput.send(leave)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }
}
