#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

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
