import Foundation
import MVIKit
import MVIKitRecording

/// One step as the feed keeps it, encoded: the intent, what its reduce changed, the side
/// effects and the reports that followed it. The page's events and an exported recording are
/// both made from these, so the two never disagree.
struct InspectorStepRecord {
  var step: Int
  var intent: (origin: IntentOrigin, time: Double, value: JSONValue)?
  /// The effect run that sent the intent, when known.
  var run: Int?
  /// Where the View sent the intent from (`Module/File.swift:42`), when known.
  var site: String?
  var changes: [StateChange] = []
  /// The effect runs this step's reduce started, in the order they started.
  var startedRuns: [Int] = []
  var sideEffects: [JSONValue] = []
  /// Warnings, errors and effects' starts and ends, as page events.
  var notes: [JSONValue] = []

  /// The step's events for the page, in the order they happened.
  var events: [JSONValue] {
    var events: [JSONValue] = []
    if let intent {
      events.append(
        Self.intentEvent(step, intent.origin, intent.time, intent.value, run: run, site: site))
    }
    if !changes.isEmpty { events.append(Self.changesEvent(step, changes)) }
    events += sideEffects.map { Self.sideEffectEvent(step, $0) }
    return events + notes
  }

  /// The step's lines of a recording file; reports have no place there.
  var recordedLines: [RecordedLine] {
    guard let intent else { return [] }
    var lines: [RecordedLine] = [
      .intent(step: step, origin: intent.origin, value: intent.value, run: run, site: site)
    ]
    if !changes.isEmpty { lines.append(.changes(step: step, changes)) }
    lines += sideEffects.map { .sideEffect(step: step, value: $0) }
    return lines + startedRuns.map { .effectStarted(step: step, run: $0) }
  }

  static func intentEvent(
    _ step: Int, _ origin: IntentOrigin, _ time: Double, _ value: JSONValue, run: Int?,
    site: String?
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "kind": .string("intent"), "step": .int(Int64(step)), "origin": .string(origin.rawValue),
      "time": .double(time), "intent": value,
    ]
    if let run { fields["run"] = .int(Int64(run)) }
    if let site { fields["site"] = .string(site) }
    return .object(fields)
  }

  static func changesEvent(_ step: Int, _ changes: [StateChange]) -> JSONValue {
    .object([
      "kind": .string("changes"), "step": .int(Int64(step)), "changes": .array(changes.map(\.json)),
    ])
  }

  static func sideEffectEvent(_ step: Int, _ value: JSONValue) -> JSONValue {
    .object(["kind": .string("sideEffect"), "step": .int(Int64(step)), "value": value])
  }

  static func noteEvent(_ kind: String, _ step: Int, _ time: Double, _ message: String)
    -> JSONValue
  {
    .object([
      "kind": .string(kind), "step": .int(Int64(step)), "time": .double(time),
      "message": .string(message),
    ])
  }
}

extension JSONValue {
  /// The value as JSON text.
  var text: String { String(decoding: jsonText, as: UTF8.self) }
}
