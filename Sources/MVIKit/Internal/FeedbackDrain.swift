/// The one rule for the intents that reducing an intent feeds back (``Effect/send(_:)`` and the
/// synchronous steps of `.merge` and `.concatenate`), for every place that reduces them: the live
/// store's engine, MVIKitTesting's schedule explorer and its fuzzer.
///
/// - They are reduced first in, first out, each before anything sent from outside meanwhile.
/// - One send may feed back at most ``limit`` of them. A model that feeds itself for ever (an
///   intent whose effect sends it again) would otherwise hang the main actor: at the bound, the
///   intent that went past it and every fed-back intent still queued are dropped, and a runtime
///   warning names it. Intents sent from outside are kept, and each starts a count of its own.
@usableFromInline
package enum FeedbackDrain {
  /// How many intents one send may feed back.
  @usableFromInline package static let limit = 10_000

  /// The warning of a send that fed back more than ``limit`` intents, naming the intent that
  /// went past the bound.
  @usableFromInline package static func runawayWarning(_ intent: Any) -> String {
    "\(intent) was fed back as intent \(limit + 1) of one send, past the limit of "
      + "\(limit.formatted()): the model feeds itself in a loop (an intent whose effect sends it "
      + "again, directly or through others). It and the fed-back intents still queued were "
      + "dropped."
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
  ///   - runaway: Called with the intent past the bound: drops what is still fed back and
  ///     reports ``runawayWarning(_:)``.
  // Inlined into each caller, whose closures are then plain code: the live store's loop costs
  // what it cost written out by hand.
  @inlinable @inline(__always)
  package static func drain<Item>(
    next: () -> Item?, isFedBack: (Item) -> Bool, reduce: (Item) -> Item?,
    runaway: (Item) -> Void
  ) {
    var fedBack = 0
    while var item = next() {
      fedBack = isFedBack(item) ? fedBack + 1 : 0
      while fedBack <= limit {
        guard let chained = reduce(item) else { break }
        item = chained
        fedBack += 1
      }
      if fedBack > limit {
        runaway(item)
        fedBack = 0
      }
    }
  }
}
