import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads standard input on a background queue, so the main actor never blocks, and reports
/// decoded keys in order.
final class InputReader: Sendable {
  private let flag = StopFlag()
  private let finished = DispatchSemaphore(value: 0)
  private let deliver: @Sendable (TerminalInput) -> Void

  init(deliver: @escaping @Sendable (TerminalInput) -> Void) {
    self.deliver = deliver
  }

  func start() {
    let (flag, deliver, finished) = (self.flag, self.deliver, self.finished)
    DispatchQueue(label: "MVIKitTerminal.input").async {
      Self.loop(flag: flag, deliver: deliver)
      finished.signal()
    }
  }

  /// Stops reading and waits (at most one poll interval, 100 ms) until the reader has let go
  /// of standard input, so that a question asked next (the cursor position after `fg`) gets
  /// its own answer rather than the reader.
  func stop() {
    flag.stop()
    finished.wait()
  }

  private static func loop(flag: StopFlag, deliver: @Sendable (TerminalInput) -> Void) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !flag.isStopped {
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      // Wake when pending input (a lone Escape) is due, else now and then to notice `stop()`.
      let ready = poll(&descriptor, 1, decoder.pendingDeadline.map(milliseconds(until:)) ?? 100)
      if ready < 0 {
        if errno == EINTR { continue }
        deliver(.endOfInput)
        return
      }
      if ready == 0 {
        let keys = decoder.expire(at: .now)
        if !keys.isEmpty { deliver(.keys(keys)) }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        deliver(.endOfInput)
        return
      }
      let keys = decoder.decode(buffer[0..<count], at: .now)
      if !keys.isEmpty { deliver(.keys(keys)) }
    }
  }

  /// The wait for `poll` until `deadline`, rounded up so it never wakes just before it.
  private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let left = ContinuousClock.now.duration(to: deadline)
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let rounded = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(min(rounded, 100))
  }
}

/// A Boolean that one thread sets and another polls.
final class StopFlag: @unchecked Sendable {
  // Guarded by `lock`.
  private var lock = pthread_mutex_t()
  private var stopped = false

  init() {
    pthread_mutex_init(&lock, nil)
  }

  var isStopped: Bool {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return stopped
  }

  func stop() {
    pthread_mutex_lock(&lock)
    stopped = true
    pthread_mutex_unlock(&lock)
  }
}
