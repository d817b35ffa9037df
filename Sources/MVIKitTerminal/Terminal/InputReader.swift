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
  private let events: AsyncStream<TerminalEvent>.Continuation

  init(events: AsyncStream<TerminalEvent>.Continuation) {
    self.events = events
  }

  func start() {
    let (flag, events) = (self.flag, self.events)
    DispatchQueue(label: "MVIKitTerminal.input").async { Self.loop(flag: flag, events: events) }
  }

  func stop() {
    flag.stop()
  }

  private static func loop(flag: StopFlag, events: AsyncStream<TerminalEvent>.Continuation) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !flag.isStopped {
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      // Wake when pending input (a lone Escape) is due, else now and then to notice `stop()`.
      let ready = poll(&descriptor, 1, decoder.pendingDeadline.map(milliseconds(until:)) ?? 100)
      if ready < 0 {
        if errno == EINTR { continue }
        events.yield(.endOfInput)
        return
      }
      if ready == 0 {
        let keys = decoder.expire(at: .now)
        if !keys.isEmpty { events.yield(.keys(keys)) }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        events.yield(.endOfInput)
        return
      }
      let keys = decoder.decode(buffer[0..<count], at: .now)
      if !keys.isEmpty { events.yield(.keys(keys)) }
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
