import Foundation
import MVIKit

/// One line of a recording file (JSON lines): the header with the initial state, then for each
/// step the intent, the state change it made and any side effects.
///
/// ```
/// {"model":"Counter","mvikit":1,"state":{"count":0}}
/// {"intent":{"increment":{}},"origin":"view","site":"Counter/CounterView.swift:12","step":1}
/// {"changes":[{"path":["count"],"value":1}],"step":1}
/// {"started":1,"step":2}
/// {"intent":{"loaded":{"_0":7}},"origin":"effect","run":1,"step":3}
/// ```
///
/// The last two say which effect run each intent came from: `started` names a run of an
/// effect's work that step 2's reduce started, and an intent an effect sent names its `run`.
/// An intent the View sent may say where it was sent from (`site`, as `file:line`). A reader
/// that does not know these keys ignores them: files without them read as before.
package enum RecordedLine: Equatable {
  case header(model: String, state: JSONValue)
  /// `run`: the effect run that sent the intent, when known; `site`: where the View sent it
  /// from (`Module/File.swift:42`), when known.
  case intent(
    step: Int, origin: IntentOrigin, value: JSONValue, run: Int? = nil, site: String? = nil)
  case changes(step: Int, [StateChange])
  case sideEffect(step: Int, value: JSONValue)
  /// Run `run` of an effect's work, started by step `step`'s reduce.
  case effectStarted(step: Int, run: Int)

  static let version = 1

  /// Reads a line of a recording.
  init(line: [UInt8]) throws(RecordingError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: line)
    } catch {
      throw .coding("not JSON: \(error)")
    }
    guard case .object(let fields) = json else { throw .coding("not a JSON object") }
    if let version = fields["mvikit"] {
      guard version == .int(Int64(Self.version)) else {
        throw .coding("a recording of version \(version.summary()), not \(Self.version)")
      }
      guard case .string(let model) = fields["model"], let state = fields["state"] else {
        throw .coding("a header without its model or state")
      }
      self = .header(model: model, state: state)
      return
    }
    guard case .int(let number) = fields["step"] else { throw .coding("no step number") }
    let step = Int(number)
    if let intent = fields["intent"] {
      guard case .string(let text) = fields["origin"], let origin = IntentOrigin(rawValue: text)
      else { throw .coding("an intent without a view or effect origin") }
      var run: Int?
      if case .int(let number) = fields["run"] { run = Int(number) }
      var site: String?
      if case .string(let text) = fields["site"] { site = text }
      self = .intent(step: step, origin: origin, value: intent, run: run, site: site)
    } else if case .array(let items) = fields["changes"] {
      self = .changes(step: step, try items.map(StateChange.init(json:)))
    } else if let sideEffect = fields["sideEffect"] {
      self = .sideEffect(step: step, value: sideEffect)
    } else if case .int(let run) = fields["started"] {
      self = .effectStarted(step: step, run: Int(run))
    } else {
      throw .coding("neither an intent, a state change, a side effect nor an effect's start")
    }
  }

  /// The line as written: compact JSON with sorted keys, and the newline.
  package func encoded() -> Data {
    let json: JSONValue
    switch self {
    case .header(let model, let state):
      json = .object(["mvikit": .int(Int64(Self.version)), "model": .string(model), "state": state])
    case .intent(let step, let origin, let value, let run, let site):
      var fields: [String: JSONValue] = [
        "step": .int(Int64(step)), "origin": .string(origin.rawValue), "intent": value,
      ]
      if let run { fields["run"] = .int(Int64(run)) }
      if let site { fields["site"] = .string(site) }
      json = .object(fields)
    case .changes(let step, let changes):
      json = .object(["step": .int(Int64(step)), "changes": .array(changes.map(\.json))])
    case .sideEffect(let step, let value):
      json = .object(["step": .int(Int64(step)), "sideEffect": value])
    case .effectStarted(let step, let run):
      json = .object(["step": .int(Int64(step)), "started": .int(Int64(run))])
    }
    var data = Data(json.jsonText)
    data.append(0x0A)
    return data
  }
}

// In a file a change keeps only its new value, or `"removed": true`: the old one is the
// state before, which a reader has.
extension StateChange {
  package init(json: JSONValue) throws(RecordingError) {
    guard case .object(let fields) = json, case .array(let keys) = fields["path"] else {
      throw .coding("a state change without a path")
    }
    var path: [Key] = []
    for key in keys {
      switch key {
      case .int(let index): path.append(.index(Int(index)))
      case .string(let name): path.append(.field(name))
      default: throw .coding("a path holds names and indexes only")
      }
    }
    if fields["removed"] == .bool(true) {
      self.init(path: path, old: nil, new: nil)
    } else if let value = fields["value"] {
      self.init(path: path, old: nil, new: value)
    } else {
      throw .coding("a state change without a value")
    }
  }

  package var json: JSONValue {
    let keys = JSONValue.array(
      path.map {
        switch $0 {
        case .field(let name): .string(name)
        case .index(let index): .int(Int64(index))
        }
      })
    if let new { return .object(["path": keys, "value": new]) }
    return .object(["path": keys, "removed": .bool(true)])
  }
}

extension JSONValue {
  /// `value` as its JSON tree, through its `Encodable` conformance.
  package init(encoding value: some Encodable) throws(RecordingError) {
    let data: Data
    do {
      data = try JSONEncoder().encode(value)
    } catch {
      throw .coding("could not encode \(type(of: value)): \(error)")
    }
    do {
      self = try JSONValue(parsing: Array(data))
    } catch {
      throw .coding("JSONEncoder wrote what is not JSON: \(error)")
    }
  }

  /// The value of type `T` this tree encodes.
  func decode<T: Decodable>(as type: T.Type) throws(RecordingError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: Data(jsonText))
    } catch {
      throw .coding("could not decode \(T.self): \(error)")
    }
  }
}

extension SendSite {
  /// The site as a recording writes it (`Module/File.swift:42`); nil when unknown.
  package var recordedText: String? { isKnown ? description : nil }
}
