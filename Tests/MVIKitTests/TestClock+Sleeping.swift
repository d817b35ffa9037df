import Clocks

extension TestClock where Duration == Swift.Duration {
  /// Waits until an effect sleeps on this clock, for at most five seconds.
  ///
  /// An effect's task starts on its own; on a loaded machine it can start after the test's
  /// next step, and an `advance` made before its sleep began never wakes it. So a test waits
  /// for the sleep before advancing. (`checkSuspension()` throws once a sleep is pending.)
  func untilSleeping() async {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline, (try? await checkSuspension()) != nil {}
  }
}
