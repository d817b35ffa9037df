/// A throttle kept in a model's state: lets an intent through at once, then at most one per
/// interval, the one held meanwhile delivered when the interval ends.
///
/// The window and the held intent are state, so a `TestStore` asserts them, a recording
/// replays them and the schedule explorer orders the window's end among other timers. The
/// model keeps a `Throttle` in its state and routes two intents through it:
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var scroll = Throttle<Intent>(for: .seconds(1), ended: .scrollWindowEnded)
///   var reported: [Int] = []
/// }
///
/// case .scrolled(let offset):
///   return state.scroll.offer(.report(offset), clock: clock)
/// case .scrollWindowEnded:
///   return state.scroll.end(clock: clock)
/// case .report(let offset):
///   state.reported.append(offset)
///   return .none
/// ```
///
/// As The Composable Architecture's `throttle`: an intent offered after a whole interval
/// without one goes out at once and opens a window; what is offered while the window is open
/// is held (the latest, or with `latest: false` the first) and goes out when the window ends,
/// opening the next one; a window that ends with nothing held closes.
public struct Throttle<Intent: Sendable>: Sendable {
  /// How long a window stays open after an intent goes out.
  public let interval: Duration
  /// Whether a window holds the latest intent offered (true) or the first.
  public let latest: Bool
  /// The intent that the window's end sends back, to be routed to ``end(clock:)``.
  public let ended: Intent
  /// Whether an intent went out less than ``interval`` ago. Settable, as all state is, so
  /// that a test can say what it expects.
  public var isWindowOpen = false
  /// The intent that goes out when the window ends.
  public var held: Intent?

  /// A closed throttle whose windows last `interval`, and end by sending `ended`.
  public init(for interval: Duration, latest: Bool = true, ended: Intent) {
    self.interval = interval
    self.latest = latest
    self.ended = ended
  }

  /// Sends `intent` at once when no window is open, and opens one; else holds it for the
  /// window's end.
  public mutating func offer<SideEffect>(
    _ intent: Intent, clock: some Clock<Duration>
  ) -> Effect<Intent, SideEffect> {
    if isWindowOpen {
      if latest || held == nil { held = intent }
      return .none
    }
    isWindowOpen = true
    let (interval, ended) = (interval, ended)
    return .merge(
      .send(intent),
      .run { send in
        try await clock.sleep(for: interval)
        await send(ended)
      })
  }

  /// Ends the open window: sends the held intent and opens the next window, or closes.
  public mutating func end<SideEffect>(clock: some Clock<Duration>) -> Effect<Intent, SideEffect> {
    isWindowOpen = false
    guard let intent = held.take() else { return .none }
    return offer(intent, clock: clock)
  }
}

extension Throttle: Equatable where Intent: Equatable {}
extension Throttle: Hashable where Intent: Hashable {}
extension Throttle: Codable where Intent: Codable {}
