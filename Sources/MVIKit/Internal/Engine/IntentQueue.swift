/// An intent waiting to be reduced.
///
/// A struct, not a tuple: a generic tuple was copied through the runtime's tuple witnesses,
/// one call per element, on every queued intent of an observed send. And small: past a few
/// words, the compiler copies even this struct through its value witnesses (see ``SendSite``,
/// kept in two words for it).
@usableFromInline
struct QueuedIntent<Intent> {
  @usableFromInline var intent: Intent
  /// The cascade its work joins; nil: the cascade of the send being drained.
  @usableFromInline var cascade: Cascade?
  @usableFromInline var origin: IntentOrigin
  /// The number of the effect run that sent it: 0 when none is known (the View's, a `.send`,
  /// or a run while nothing hears runs). It fits beside the origin in the same word, so the
  /// item is no larger for it.
  @usableFromInline var run: Int32
  /// Where the View sent it from, for what is attached; unknown for an effect's.
  @usableFromInline var site: SendSite

  @inlinable
  init(
    _ intent: Intent, cascade: Cascade?, origin: IntentOrigin, run: Int32 = 0,
    site: SendSite = .unknown
  ) {
    self.intent = intent
    self.cascade = cascade
    self.origin = origin
    self.run = run
    self.site = site
  }
}

/// Intents waiting to be reduced, first in, first out. Keeps its storage between sends, so a
/// chain of fed-back intents allocates nothing once the queue has grown to the chain's width.
@usableFromInline
typealias IntentQueue<Intent> = FIFOBuffer<QueuedIntent<Intent>>
