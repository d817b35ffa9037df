/// A ``HeadlessTerminal``'s ``TerminalScheduler``: the loop's later work waits until the test
/// lets the loop go on, and its clock moves only when the test advances it, as Bubble Tea's
/// teatest and a TCA test clock do. Nothing runs on its own, so a test reads the same screen
/// every time.
@MainActor
final class ManualScheduler: TerminalScheduler {
  private struct Timer {
    let due: Duration
    /// Keeps timers due at the same instant in the order they were set.
    let order: Int
    let work: @MainActor () -> Void
  }

  /// How much time the test has let pass since the app started.
  private(set) var now = Duration.zero
  private var pending: [@MainActor () -> Void] = []
  private var timers: [Timer] = []
  private var timersSet = 0

  func soon(_ work: @escaping @MainActor () -> Void) {
    pending.append(work)
  }

  func after(_ delay: Duration, _ work: @escaping @MainActor () -> Void) {
    timers.append(Timer(due: now + delay, order: timersSet, work: work))
    timersSet += 1
  }

  /// Runs the work the loop has put off, and the work that puts off in turn, until none is left.
  func runPending() {
    while !pending.isEmpty {
      pending.removeFirst()()
    }
  }

  /// Moves the clock on by `duration`, running each timer that falls due at its own instant,
  /// in order, with the loop's work after each, as the running app would.
  func advance(by duration: Duration) {
    let end = now + max(.zero, duration)
    runPending()
    while let next = nextTimer(dueBy: end) {
      let timer = timers.remove(at: next)
      now = timer.due
      timer.work()
      runPending()
    }
    now = end
  }

  private func nextTimer(dueBy end: Duration) -> Int? {
    timers.indices
      .filter { timers[$0].due <= end }
      .min { (timers[$0].due, timers[$0].order) < (timers[$1].due, timers[$1].order) }
  }
}
