/// Whether a ``TestStore``'s effects do their work, or a recording's outputs stand in for it.
public enum EffectPlayback: Sendable {
  /// Effects run as in the app: the test gives the model what its effects need (a test clock,
  /// a stub client) and receives what they send.
  case live
  /// The asynchronous work of effects (`Effect.run(priority:_:catch:)`) never runs.
  /// Each started run stays in flight until it is cancelled or the test finishes, and the test
  /// says what it sent: ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)``
  /// reduces the given intent as sent by a run in flight, and
  /// ``TestStore/receiveSideEffect(_:timeout:fileID:filePath:line:column:)`` takes the given
  /// side effect as emitted by one. Either fails when no run is in flight: the reducer no longer
  /// starts the effect, or cancelled it. Everything else runs as in the app: `.send`, `.emit`,
  /// cancellation and the order of `.concatenate`.
  ///
  /// This is how a test made from a recording (`Recording.testSource(named:model:)`) runs
  /// without the app's dependencies. Failures name the step of the recording: the number of
  /// the send or receive, counted from 1. States are asserted as a recording holds them: two
  /// that differ only inside a `Secret` (recorded redacted, so a password the user typed is
  /// replayed as its `RedactedPlaceholder`) or in members the state does not encode are equal.
  case recorded
}
