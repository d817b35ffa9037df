/// A running app's ``TerminalScheduler``: later work is a task on the main actor, and a delay
/// is a sleep on the app's clock (a test clock in tests of ``TerminalApp/run()``).
@MainActor
final class ClockScheduler: TerminalScheduler {
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func soon(_ work: @escaping @MainActor () -> Void) {
    Task { @MainActor in work() }
  }

  func after(_ delay: Duration, _ work: @escaping @MainActor () -> Void) {
    Task { @MainActor [clock] in
      // A cancelled sleep still runs the work: what waits here (a toast leaving) must happen.
      try? await clock.sleep(for: delay)
      work()
    }
  }
}
