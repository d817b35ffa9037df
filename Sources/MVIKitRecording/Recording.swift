import Foundation
import MVIKit

/// A session recorded by a ``Recorder``, read back to be replayed.
///
/// ```swift
/// let recording = try Recording<Counter>(contentsOf: URL(filePath: "session.jsonl"))
/// let states = try recording.replay(with: Counter(fact: { _ in "" }))
/// // throws ReplayDivergence at the first state that differs
/// ```
public struct Recording<M: Model>
where M.State: Codable, M.Intent: Codable, M.SideEffect: Codable {
  /// One recorded intent and what followed it.
  public struct Step {
    /// The intent, as it was reduced.
    public var intent: M.Intent
    /// Whether the View sent it or an effect fed it back.
    public var origin: IntentOrigin
    /// The side effects emitted after it and before the next intent.
    public var sideEffects: [M.SideEffect]
    /// The effect run that sent it, when it came from an effect's work and the recording says
    /// which (recordings since MVIKit 0.3).
    public var run: Int?
    /// The runs of effects' work that its reduce started, in the order they started.
    public var startedRuns: [Int] = []
    /// Where the View sent it from (`Todos/TodosView.swift:42`), when the recording says: a
    /// View's `send` gives its call site, and recordings made before sites were kept have none.
    public var site: String?
    /// The state after it, as recorded (secrets redacted).
    package var state: JSONValue
    /// The intent as recorded, for messages.
    let recordedIntent: JSONValue
    /// The step's number in the file.
    let number: Int
  }

  /// The state the store had when recording began.
  public let initialState: M.State
  /// The recorded intents, in the order they were reduced.
  public let steps: [Step]
  /// Whether the file ended in a torn line (the process died while writing it), which was
  /// skipped.
  public let skippedTornLine: Bool
  package let initialTree: JSONValue
  /// The file's bytes, which a test made from the recording carries.
  package let data: Data

  /// The state after the last step as recorded, secrets redacted: what the user saw last.
  package var finalTree: JSONValue { steps.last?.state ?? initialTree }

  /// Reads the recording at `url`.
  ///
  /// - Throws: ``RecordingError`` when the file cannot be read, is not a recording, is of
  ///   another model, or has a line that is not a recorded event before its last line.
  public init(contentsOf url: URL) throws(RecordingError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .file(path: url.path, reason: error.localizedDescription)
    }
    try self.init(data: data, path: url.path)
  }

  /// Reads a recording from the contents of a recording file.
  public init(data: Data, path: String = "recording") throws(RecordingError) {
    self.data = data
    let (lines, torn) = try Self.lines(of: data)
    guard case .header(let model, let state) = lines.first else {
      throw .notARecording(path: path)
    }
    guard model == String(describing: M.self) else {
      throw .wrongModel(recorded: model, expected: String(describing: M.self))
    }
    initialTree = state
    initialState = try state.decode(as: M.State.self)
    var steps: [Step] = []
    var current = state
    for line in lines.dropFirst() {
      switch line {
      case .header: throw .corruptLine(number: steps.count + 2, reason: "a second header")
      case .intent(let number, let origin, let value, let run, let site):
        steps.append(
          Step(
            intent: try value.decode(as: M.Intent.self), origin: origin, sideEffects: [],
            run: run, site: site, state: current, recordedIntent: value, number: number))
      case .changes(_, let changes):
        for change in changes { try current.apply(change) }
        if !steps.isEmpty { steps[steps.count - 1].state = current }
      case .sideEffect(_, let value):
        if !steps.isEmpty {
          steps[steps.count - 1].sideEffects.append(try value.decode(as: M.SideEffect.self))
        }
      case .effectStarted(let number, let run):
        // The step that started it, which a run that follows another (a concatenation) starts
        // well after.
        if let index = steps.lastIndex(where: { $0.number == number }) {
          steps[index].startedRuns.append(run)
        }
      }
    }
    self.steps = steps
    skippedTornLine = torn
  }

  /// The file's events; a last line cut short by a crash is dropped and reported as torn.
  private static func lines(of data: Data) throws(RecordingError) -> ([RecordedLine], Bool) {
    let rawLines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    var lines: [RecordedLine] = []
    var torn = false
    for (index, raw) in rawLines.enumerated() {
      let isLast = index == rawLines.count - 1
      if raw.isEmpty { continue }
      do {
        lines.append(try RecordedLine(line: Array(raw)))
      } catch {
        // A line with no newline after it was being written when the process stopped.
        if isLast {
          torn = true
        } else {
          throw .corruptLine(number: index + 1, reason: error.description)
        }
      }
    }
    return (lines, torn)
  }
}
