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
      // A pending lone Escape becomes a key after a short pause; otherwise wake up now and then
      // to notice `stop()`.
      let ready = poll(&descriptor, 1, decoder.hasPending ? 25 : 100)
      if ready < 0 {
        if errno == EINTR { continue }
        events.yield(.endOfInput)
        return
      }
      if ready == 0 {
        let keys = decoder.flush()
        if !keys.isEmpty { events.yield(.keys(keys)) }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        events.yield(.endOfInput)
        return
      }
      let keys = decoder.decode(buffer[0..<count])
      if !keys.isEmpty { events.yield(.keys(keys)) }
    }
  }
}
