/// Why a store's send must take the slow path (the queue, the taps, the observers) instead of
/// reducing at once. Each reason is set and cleared where it arises (``Store/setSlowPath(_:_:)``),
/// and the send reads them in one place, ``Store/needsSlowSend``; a debug build checks the set
/// against a fresh computation at every change.
///
/// One byte, where a flag stood: the send reads whether the set is empty, as it read the flag.
@usableFromInline
struct SlowPathReasons: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8

  @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A View observes members of this store's state: a send must tell it what changed.
  @usableFromInline static let membersObserved = SlowPathReasons(rawValue: 1 << 0)
  /// A store scoped from this one is observed: its View must hear of this state's changes.
  @usableFromInline static let childObserved = SlowPathReasons(rawValue: 1 << 1)
  /// A store scoped from this one holds a child that may go: each send looks whether it went.
  @usableFromInline static let childMayGo = SlowPathReasons(rawValue: 1 << 2)
  /// A root store has something attached: a tap hears each step.
  @usableFromInline static let attached = SlowPathReasons(rawValue: 1 << 3)
  /// A root store's View is shown a past state: its intents are refused, its effects' wait.
  @usableFromInline static let paused = SlowPathReasons(rawValue: 1 << 4)
  /// A root store runs work of a child that must end with the child: each send looks.
  @usableFromInline static let presenceWatched = SlowPathReasons(rawValue: 1 << 5)
}
