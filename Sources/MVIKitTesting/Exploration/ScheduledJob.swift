import MVIKit

/// The work that the live store runs in one task, as the explorer keeps it: what it sends, in
/// order, once its work has run.
///
/// A reference, so that the worlds of sibling branches share it instead of copying it at each
/// step: a job is complete once the step that started it ends, and nothing about it changes
/// after that. How far a schedule has got with it differs from branch to branch: that is the
/// world's ``JobProgress``.
@usableFromInline @MainActor
final class ScheduledJob<Intent: Sendable, SideEffect: Sendable> {
  @usableFromInline typealias Work = Effect<Intent, SideEffect>

  /// What the job delivers, in order: an intent its work sent, or (no intent) the rest of a
  /// concatenation, which runs once the steps before it have finished.
  @usableFromInline
  struct Delivery {
    @usableFromInline var intent: Intent?
    @usableFromInline var rest: ArraySlice<Work> = []

    @inlinable init(intent: Intent?, rest: ArraySlice<Work> = []) {
      self.intent = intent
      self.rest = rest
    }
  }

  /// The intent whose reduce returned the job's work.
  @usableFromInline let source: Intent
  @usableFromInline let ids: [EffectID]
  /// Set while the step that started the job runs, and fixed after it.
  @usableFromInline var deliveries: [Delivery]
  /// When its work ended, if it slept on an ``ExplorationClock``.
  @usableFromInline var finished: Duration?
  /// The work of a `.run`, until it has run (or was cancelled before it could).
  @usableFromInline var work: EffectWork<Intent, SideEffect>?
  /// The fingerprint of the job's source and deliveries with their times, as pruning
  /// compares jobs: made once, when a world's fingerprint first needs it (the job is complete
  /// by then).
  @usableFromInline var contentFingerprint: WorldFingerprint?

  @usableFromInline init(
    source: Intent, ids: [EffectID], deliveries: [Delivery], work: EffectWork<Intent, SideEffect>?
  ) {
    self.source = source
    self.ids = ids
    self.deliveries = deliveries
    self.work = work
  }
}
