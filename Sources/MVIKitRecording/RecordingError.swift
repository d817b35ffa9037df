/// Why a recording could not be written, read or replayed.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be created, written or read.
  case file(path: String, reason: String)
  /// A line in the middle of the file is not a recorded event (a torn last line is skipped,
  /// not reported).
  case corruptLine(number: Int, reason: String)
  /// The file has no header line, or a header of another version.
  case notARecording(path: String)
  /// The recording was made by a store of another model.
  case wrongModel(recorded: String, expected: String)
  /// A value could not be encoded or decoded.
  case coding(String)
  /// A recorded state change does not apply to the state before it: the file was edited or
  /// mixes two sessions.
  case changeDoesNotApply(String)

  /// The error as a sentence, with what to check.
  public var description: String {
    switch self {
    case .file(let path, let reason): "\(path): \(reason)"
    case .corruptLine(let number, let reason): "line \(number) is not a recorded event: \(reason)"
    case .notARecording(let path): "\(path) is not an MVIKit recording (no version 1 header)"
    case .wrongModel(let recorded, let expected):
      "the recording is of \(recorded), not \(expected)"
    case .coding(let reason): reason
    case .changeDoesNotApply(let path): "a recorded change to \(path) does not apply"
    }
  }
}
