/// When a ``TerminalApp`` does the work it puts off: the frame it draws once the event in hand
/// is handled, a toast's three seconds, an animation's next frame.
///
/// A running app puts that work on tasks and its clock (``ClockScheduler``); a
/// ``HeadlessTerminal`` holds it until the test lets the loop go on (``ManualScheduler``), so
/// a test drives the app's own loop one step at a time.
@MainActor
protocol TerminalScheduler: AnyObject {
  /// Runs `work` on a later turn of the loop, after the event being handled.
  func soon(_ work: @escaping @MainActor () -> Void)
  /// Runs `work` once `delay` of the app's clock has passed.
  func after(_ delay: Duration, _ work: @escaping @MainActor () -> Void)
}
