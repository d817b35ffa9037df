/// The one rule for the intents that reducing an intent feeds back (``Effect/send(_:)`` and the
/// synchronous steps of `.merge` and `.concatenate`), for every place that reduces them: the live
/// store's engine, MVIKitTesting's schedule explorer and its fuzzer.
///
/// - They are reduced first in, first out, each before anything sent from outside meanwhile.
/// - When one send has fed back ``limit`` of them, the next one is probably a loop (an intent
///   whose effect sends it again, directly or through others), and the caller is asked what to
///   do with it, once per send. What happens there is the caller's choice, written where it
///   calls ``drain(next:isFedBack:reduce:atLimit:)``: the live store warns and goes on, as a
///   long chain that ends (a batch, a recursion) is legitimate work and cutting it would lose
///   the user's intents; the explorer and the fuzzer, which must end, fail that schedule.
///   Intents sent from outside start a count of their own.
@usableFromInline
package enum FeedbackDrain {
  /// How many intents one send may feed back before the next one is reported as a probable
  /// loop.
  @usableFromInline package static let limit = 10_000

  /// What a caller of ``drain(next:isFedBack:reduce:atLimit:)`` does with the intent fed back
  /// past ``limit``.
  @usableFromInline package enum AtLimit {
    /// Reduce it and everything after it: the chain may still end.
    case goOn
    /// Reduce neither it nor anything fed back after it; the caller has dropped what is queued.
    case stop
  }

  /// The text that names a probable loop: the intent fed back past ``limit`` in one send, and
  /// what the caller does about it (`consequence`, a sentence).
  @usableFromInline package static func loopWarning(_ intent: Any, consequence: String) -> String {
    "\(intent) was fed back as intent \((limit + 1).formatted()) of one send: probably a loop, "
      + "where each reduce of an intent returns an effect that sends it again (directly or "
      + "through others). \(consequence)"
  }

  /// What the live store says at the bound: it goes on.
  @usableFromInline package static func liveLoopWarning(_ intent: Any) -> String {
    loopWarning(
      intent,
      consequence: "The store goes on reducing: a chain that ends completes, one that does not "
        + "holds the main actor.")
  }

  /// What the explorer and the fuzzer say at the bound: they must end, so the schedule fails.
  @usableFromInline package static func boundedLoopWarning(_ intent: Any) -> String {
    loopWarning(
      intent,
      consequence: "A test must end, so it stops this schedule here and fails it; the live store "
        + "would go on.")
  }

  /// Reduces queued intents until none is left, under the rule above.
  ///
  /// - Parameters:
  ///   - next: The next intent waiting: fed back ones first, then one sent from outside; nil
  ///     when none is left.
  ///   - isFedBack: Whether an intent `next` gave was fed back, rather than sent from outside.
  ///   - reduce: Reduces an intent and carries out its effect, which may queue more; returns an
  ///     intent that effect feeds back to be reduced at once, without a trip through the queue
  ///     (a chain of `.send` steps with nothing queued before them), or nil.
  ///   - atLimit: Called once per send with the intent fed back past ``limit``, before it is
  ///     reduced: reports the probable loop and says whether to go on. To stop, it also drops
  ///     what is still queued, so that `next` gives only intents sent from outside.
  // Inlined into each caller, whose closures are then plain code: the live store's loop costs
  // what it cost written out by hand.
  @inlinable @inline(__always)
  package static func drain<Item>(
    next: () -> Item?, isFedBack: (Item) -> Bool, reduce: (Item) -> Item?,
    atLimit: (Item) -> AtLimit
  ) {
    var fedBack = 0
    intents: while var item = next() {
      fedBack = isFedBack(item) ? fedBack + 1 : 0
      while true {
        // Equal, not greater: a count that goes on past the bound is asked about once.
        if fedBack == limit + 1, atLimit(item) == .stop {
          fedBack = 0
          continue intents
        }
        guard let chained = reduce(item) else { break }
        item = chained
        fedBack += 1
      }
    }
  }
}
