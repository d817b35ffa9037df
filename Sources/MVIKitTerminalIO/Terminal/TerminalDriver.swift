#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The terminal itself: raw mode, alternate screen, size and output.
enum TerminalDriver {
  /// Whether standard input and output are both a terminal.
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Switches to raw mode, hides the cursor and turns on bracketed paste; for a full screen,
  /// the alternate screen too; with `mouse`, button, drag and wheel reports in SGR encoding.
  /// ``TerminalRestorer`` undoes all of it.
  static func enter(viewport: Viewport, mouse: Bool) throws(TerminalError) {
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .notATerminal }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    // ISIG off: Ctrl-C arrives as a key, so the app quits through its normal path.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    var enter = "\u{1B}[?25l\u{1B}[?2004h\u{1B}[0m"
    var leave = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h"
    if mouse {
      // 1000: presses and the wheel, 1002: drags, 1006: SGR coordinates, unlimited in size.
      enter += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
      leave = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" + leave
    }
    if viewport == .fullscreen {
      enter = "\u{1B}[?1049h" + enter + "\u{1B}[2J"
      leave += "\u{1B}[?1049l"
    }
    TerminalRestorer.shared.remember(original, leave: Array(leave.utf8))
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      TerminalRestorer.shared.restore()
      throw .notATerminal
    }
    TerminalOutput.send(Array(enter.utf8))
  }

  /// Sends `question` and collects the terminal's answer until `isComplete` says it is whole
  /// or `timeout` passes. Call it in raw mode, before the input reader starts.
  static func ask(
    _ question: [UInt8], timeout: Duration, isComplete: ([UInt8]) -> Bool
  ) -> [UInt8] {
    guard TerminalOutput.send(question) else { return [] }
    var answer: [UInt8] = []
    let deadline = ContinuousClock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 256)
    while !isComplete(answer) {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { break }
      let milliseconds = Int32(
        left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, max(milliseconds, 1)) > 0 else { continue }
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    return answer
  }

  /// The size of the terminal, or nil when it cannot be read.
  static func size() -> Size? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }
}

/// Writes bytes to standard output with `write(2)`, unbuffered, so nothing lingers in a buffer
/// when the process exits.
enum TerminalOutput {
  /// Writes all of `bytes`, retrying after interruptions; returns false when the terminal is
  /// gone.
  @discardableResult
  static func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
