import MVIKit

/// A replay reached a state that differs from the recorded one: the model no longer does what
/// it did when the session was recorded.
///
/// Its description names the step and lists each member that differs:
///
/// ```
/// replay diverged at step 3 of 5, after the view's intent {"loginTapped":{}}:
///   isLoading: recorded true, replayed false
/// ```
public struct ReplayDivergence: Error, Equatable, Sendable, CustomStringConvertible {
  /// The step whose state differs: 0 for the initial state, else the number of the intent.
  public var step: Int
  /// How many steps the recording has.
  public var stepCount: Int
  /// The intent of that step as recorded (JSON), or nil for the initial state.
  public var intent: String?
  /// Who sent that intent.
  public var origin: IntentOrigin?
  /// One line per member that differs: `path: recorded X, replayed Y`.
  public var differences: [String]
  /// Whether the step's intent carried a redacted `Secret`, which the replay replaced by a
  /// placeholder: a likely cause when the model checks the secret.
  public var involvesSecret: Bool

  /// The step, the intent and each difference, one per line.
  public var description: String {
    var header = "replay diverged at step \(step) of \(stepCount)"
    if let intent, let origin {
      header += ", after the \(origin == .view ? "view's" : "effect's") intent \(intent)"
    } else {
      header += ", the initial state"
    }
    var lines = [header + ":"] + differences.map { "  " + $0 }
    if involvesSecret {
      lines.append(
        "  (the intent carried a Secret, recorded redacted and replayed as its placeholder)")
    }
    return lines.joined(separator: "\n")
  }
}
