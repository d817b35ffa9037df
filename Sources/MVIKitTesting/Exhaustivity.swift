/// How strictly a ``TestStore`` checks what a test did not assert.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received intent, side effect and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; unasserted intents are reduced silently, unasserted
  /// side effects are dropped, and effects still running at the end are cancelled.
  case off
}
