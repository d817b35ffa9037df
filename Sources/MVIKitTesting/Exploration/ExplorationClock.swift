/// A clock for ``ScheduleExplorer``: a sleep on it returns at once, and what the effect sends
/// after it is delivered in the order of the deadlines.
///
/// Give it to the model where it takes a clock. An effect that sleeps one second then sends
/// `fast`, and one that sleeps two seconds then sends `slow`, are explored in one order only:
/// `fast` first. What an effect sends without sleeping on this clock may come at any time,
/// as the answer of a dependency may. Time moves forward as the explorer delivers what was
/// sent after a sleep; the scenario's intents take no time.
///
/// Outside an exploration it does not wait either, like an immediate clock.
public struct ExplorationClock: Clock, Sendable {
  /// A moment of the exploration: the time passed since it began.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the exploration began.
    public var offset: Duration

    /// The moment `offset` after the exploration began.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The moment `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this moment to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// A clock for the model under exploration.
  public init() {}

  /// The moment the effect running now has reached.
  public var now: Instant {
    Instant(offset: EffectTime.current?.now ?? .zero)
  }

  /// No resolution: time moves only with the exploration.
  public var minimumResolution: Duration { .zero }

  /// Returns at once, after noting `deadline` for what the effect sends next.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    EffectTime.current?.sleep(until: deadline.offset)
  }
}

/// The time of the effect the explorer runs now: where its sleeps on an ``ExplorationClock``
/// have brought it. Bound as a task local while the explorer runs an effect's work. Open to one
/// subclass, the run's ``RunOutcome``, so that a run allocates one object for both.
@usableFromInline
class EffectTime: @unchecked Sendable {
  // Only the task that runs the effect touches it, one step after another.
  private let start: Duration
  /// Where the effect's sleeps have brought it; nil until it slept, and from then on its
  /// deliveries are ordered by time: when what it sends now is due.
  @usableFromInline private(set) var deadline: Duration?

  @usableFromInline @TaskLocal static var current: EffectTime?

  @usableFromInline init(now: Duration) {
    start = now
  }

  /// The time the effect has reached.
  var now: Duration { deadline ?? start }

  /// Runs `work` with `time` as the clock of the effect it belongs to.
  @usableFromInline
  static func running(_ time: EffectTime, _ work: () async -> Void) async {
    await $current.withValue(time) { await work() }
  }

  func sleep(until deadline: Duration) {
    self.deadline = max(now, deadline)
  }
}
