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
  /// The number the search gave the job's content, once a signature needed it.
  private var contentNumber: Int?

  @usableFromInline init(
    source: Intent, ids: [EffectID], deliveries: [Delivery], work: EffectWork<Intent, SideEffect>?
  ) {
    self.source = source
    self.ids = ids
    self.deliveries = deliveries
    self.work = work
  }

  /// The number of the job's source and deliveries with their times in `contents`, as a
  /// pruning key compares them: looked up once, when a signature first needs it (the job is
  /// complete by then).
  @usableFromInline func contentNumber(dues: [Duration?], in contents: inout JobContents) -> Int {
    if let contentNumber { return contentNumber }
    let items = zip(deliveries, dues).map { delivery, due in
      [delivery.intent.map(Self.key) ?? AnyHashable("rest"), due] as [AnyHashable]
    }
    let number = contents.number(of: [Self.key(source), items] as [AnyHashable])
    contentNumber = number
    return number
  }

  /// An intent counts by its hash where it is `Hashable`, else by its text.
  private nonisolated static func key(_ intent: Intent) -> AnyHashable {
    (intent as? any Hashable).map { AnyHashable($0) } ?? AnyHashable(String(describing: intent))
  }
}
