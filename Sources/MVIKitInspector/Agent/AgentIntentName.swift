import MVIKitRecording

/// The readable name of an intent from its JSON: the path of its cases from the root, as
/// `InspectorPrivacy` names them (`search`, `screen.todos.added`), without payloads. Swift's
/// synthesised coding writes a case as an object of one key, its payload under `_0` or its
/// labels; a `Keyed` row's intent is under `value`.
enum AgentIntentName {
  static func of(_ intent: JSONValue) -> String {
    cases(of: intent).joined(separator: ".")
  }

  static func cases(of intent: JSONValue) -> [String] {
    var names: [String] = []
    var current = intent
    while names.count < 32 {
      switch current {
      case .string(let name):
        // A case with a raw value, or an enum coded as its name.
        names.append(name)
        return names
      case .object(let fields) where fields.count == 1:
        let (name, payload) = fields.first!
        guard name != "_0" else {
          current = payload
          continue
        }
        names.append(name)
        guard let inner = innerIntent(payload) else { return names }
        current = inner
      case .object(let fields) where Set(fields.keys) == ["id", "value"]:
        guard let value = fields["value"] else { return names }
        current = value
      default:
        return names
      }
    }
    return names
  }

  /// The intent inside a case's payload, when the payload is one (`{"_0": …}`), nil for a
  /// payload of values.
  private static func innerIntent(_ payload: JSONValue) -> JSONValue? {
    guard case .object(let fields) = payload, fields.count == 1, let only = fields["_0"] else {
      return nil
    }
    // A case's payload is always an object (`{}`, `{"_0": …}` or its labels): a member of a
    // struct of one member is told from a case so.
    switch only {
    case .object(let inner) where inner.count == 1:
      if case .object = inner.first!.value { return only }
      return nil
    case .object(let inner) where Set(inner.keys) == ["id", "value"]:
      return only
    default:
      return nil
    }
  }
}
