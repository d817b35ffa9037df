import Foundation

/// One line of a recording file (JSON lines): the header with the initial state, then for each
/// step the intent, the state change it made and any side effects.
///
/// ```
/// {"mvikit":1,"model":"Counter","state":{"count":0}}
/// {"step":1,"origin":"view","intent":{"increment":{}}}
/// {"step":1,"changes":[{"path":["count"],"value":1}]}
/// ```
enum RecordedLine: Equatable {
  case header(model: String, state: JSONValue)
  case intent(step: Int, origin: IntentOrigin, value: JSONValue)
  case changes(step: Int, [StateChange])
  case sideEffect(step: Int, value: JSONValue)

  static let version = 1
}

extension RecordedLine: Codable {
  private enum Keys: String, CodingKey {
    case mvikit, model, state, step, origin, intent, changes, sideEffect
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    if let version = try container.decodeIfPresent(Int.self, forKey: .mvikit) {
      guard version == Self.version else {
        throw DecodingError.dataCorruptedError(
          forKey: .mvikit, in: container, debugDescription: "unknown recording version \(version)")
      }
      self = .header(
        model: try container.decode(String.self, forKey: .model),
        state: try container.decode(JSONValue.self, forKey: .state))
      return
    }
    let step = try container.decode(Int.self, forKey: .step)
    if let intent = try container.decodeIfPresent(JSONValue.self, forKey: .intent) {
      self = .intent(
        step: step, origin: try container.decode(IntentOrigin.self, forKey: .origin), value: intent)
    } else if let changes = try container.decodeIfPresent([StateChange].self, forKey: .changes) {
      self = .changes(step: step, changes)
    } else {
      self = .sideEffect(
        step: step, value: try container.decode(JSONValue.self, forKey: .sideEffect))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    switch self {
    case .header(let model, let state):
      try container.encode(Self.version, forKey: .mvikit)
      try container.encode(model, forKey: .model)
      try container.encode(state, forKey: .state)
    case .intent(let step, let origin, let value):
      try container.encode(step, forKey: .step)
      try container.encode(origin, forKey: .origin)
      try container.encode(value, forKey: .intent)
    case .changes(let step, let changes):
      try container.encode(step, forKey: .step)
      try container.encode(changes, forKey: .changes)
    case .sideEffect(let step, let value):
      try container.encode(step, forKey: .step)
      try container.encode(value, forKey: .sideEffect)
    }
  }

  /// The line as written: compact JSON with sorted keys, and the newline.
  func encoded() throws -> Data {
    var data = try Self.encoder.encode(self)
    data.append(0x0A)
    return data
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}

// In a file a change keeps only its new value, or `"removed": true`: the old one is the
// state before, which a reader has.
extension StateChange: Codable {
  private enum Keys: String, CodingKey { case path, value, removed }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    var keys = try container.nestedUnkeyedContainer(forKey: .path)
    var path: [Key] = []
    while !keys.isAtEnd {
      if let index = try? keys.decode(Int.self) {
        path.append(.index(index))
      } else {
        path.append(.field(try keys.decode(String.self)))
      }
    }
    let removed = try container.decodeIfPresent(Bool.self, forKey: .removed) ?? false
    self.init(
      path: path, old: nil,
      new: removed ? nil : try container.decode(JSONValue.self, forKey: .value))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var keys = container.nestedUnkeyedContainer(forKey: .path)
    for key in path {
      switch key {
      case .field(let name): try keys.encode(name)
      case .index(let index): try keys.encode(index)
      }
    }
    if let new {
      try container.encode(new, forKey: .value)
    } else {
      try container.encode(true, forKey: .removed)
    }
  }
}

extension JSONValue {
  /// `value` as its JSON tree, through its `Encodable` conformance.
  init(encoding value: some Encodable) throws(RecordingError) {
    do {
      self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    } catch {
      throw .coding("could not encode \(type(of: value)): \(error)")
    }
  }

  /// The value of type `T` this tree encodes.
  func decode<T: Decodable>(as type: T.Type) throws(RecordingError) -> T {
    do {
      return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    } catch {
      throw .coding("could not decode \(T.self): \(error)")
    }
  }
}
