import Foundation
import MVIKit

/// Writes a recorded value as Swift source that evaluates to it, for a test generated from a
/// recording.
///
/// What it can spell out it writes as a literal a reader knows: strings, numbers, booleans,
/// `nil`, arrays of those, enum cases (`.row(.toggled)`, `.addFailed(title: "milk", message:
/// "full")`), `UUID`, `Date` and `URL`. A struct, a custom collection, or an enum with its own
/// `Codable` shape is written as `recordedValue(#"{"title":"milk"}"#)`, which decodes its JSON
/// back into the type the context expects: it compiles whatever the type's initialisers are,
/// as long as the value is `Codable`, which a recording already requires.
package enum SwiftSource {
  /// Source for `value`, or nil when it is neither spelled out nor `Encodable`.
  package static func expression(for value: Any) -> String? {
    if let scalar = scalar(value) { return scalar }
    if let keyed = value as? any KeyedSpelling { return keyed.source }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      // An optional context takes the wrapped value's literal as it is.
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return expression(for: wrapped)
    case .collection where isArray(value):
      let items = mirror.children.map { literal(for: $0.value) }
      if !items.contains(nil) { return "[" + items.compactMap { $0 }.joined(separator: ", ") + "]" }
    case .enum:
      if let text = enumCase(value, mirror) { return text }
    default:
      break
    }
    return decoded(value)
  }

  /// Source for `value` only when it is a literal: nil for what would be decoded from JSON.
  static func literal(for value: Any) -> String? {
    let text = expression(for: value)
    return text?.hasPrefix(decoderName) == true ? nil : text
  }

  /// The function a generated test decodes values with (MVIKitTesting's).
  static let decoderName = "recordedValue("

  /// Whether `value` is spelled out whole (a string, a number, a `UUID`, a `Keyed`…): never
  /// followed into.
  static func isSpelledWhole(_ value: Any) -> Bool {
    scalar(value) != nil || value is any KeyedSpelling
  }

  /// `statement`, with the `try` that decoding a value in it needs.
  static func tried(_ statement: String) -> String {
    statement.contains(decoderName) ? "try " + statement : statement
  }

  /// `recordedValue(#"…"#)` with the value's JSON, or nil when it does not encode.
  static func decoded(_ value: Any) -> String? {
    guard let encodable = value as? any Encodable,
      let json = try? JSONValue(encoding: encodable)
    else { return nil }
    return decoderName + rawString(String(decoding: json.jsonText, as: UTF8.self)) + ")"
  }

  /// `text` as a raw string literal, with as many `#` as it needs to hold any `"#` or `\#` of
  /// its own.
  package static func rawString(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"" + text + "\"" + hashes
  }

  /// Whether `value` is a Swift array, which a literal builds and an index reaches.
  static func isArray(_ value: Any) -> Bool {
    String(describing: type(of: value)).hasPrefix("Array<")
  }

  private static func scalar(_ value: Any) -> String? {
    switch value {
    case let text as String: return String(reflecting: text)
    case let text as Substring: return String(reflecting: String(text))
    case let flag as Bool: return String(flag)
    case let number as Double: return floating(number)
    case let number as Float: return floating(Double(number))
    case let number as any BinaryInteger: return "\(number)"
    case let id as UUID: return "UUID(uuidString: \"\(id.uuidString)\")!"
    case let date as Date:
      return
        "Date(timeIntervalSinceReferenceDate: \(floating(date.timeIntervalSinceReferenceDate)))"
    case let url as URL: return "URL(string: \(String(reflecting: url.absoluteString)))!"
    default: return nil
    }
  }

  private static func floating(_ number: Double) -> String {
    if number.isNaN { return ".nan" }
    if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
    return "\(number)"
  }

  /// `.name`, `.name(payload)` or `.name(label: payload, …)`, reading the labels from the case's
  /// synthesized JSON (`{"name":{"label":…}}`, `_0` for none), which keeps the one label a
  /// single payload has and that `Mirror` drops. Nil for an enum coded in a shape of its own.
  private static func enumCase(_ value: Any, _ mirror: Mirror) -> String? {
    guard let encodable = value as? any Encodable,
      let json = try? JSONValue(encoding: encodable)
    else { return nil }
    guard case .object(let fields) = json, fields.count == 1,
      let (name, payloadJSON) = fields.first, case .object(let payloadFields) = payloadJSON,
      isIdentifier(name)
    else {
      // A raw-value enum encodes its raw value; its plain description is the case's name.
      if mirror.children.isEmpty, !(value is CustomStringConvertible),
        !(value is CustomDebugStringConvertible), case let name = String(describing: value),
        isIdentifier(name)
      {
        return "." + name
      }
      return nil
    }
    guard let child = mirror.children.first else {
      return payloadFields.isEmpty ? "." + escaped(name) : nil
    }
    guard child.label == name else { return nil }
    let payloadMirror = Mirror(reflecting: child.value)
    var parts: [(label: String?, value: Any)] = []
    if payloadMirror.displayStyle == .tuple, payloadMirror.children.count > 1 {
      for (index, element) in payloadMirror.children.enumerated() {
        let label = element.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        // The JSON leaves out a payload that is nil; any other missing one is a custom shape.
        let isNil =
          Mirror(reflecting: element.value).displayStyle == .optional
          && Mirror(reflecting: element.value).children.isEmpty
        guard payloadFields[label ?? "_\(index)"] != nil || isNil else { return nil }
        parts.append((label, element.value))
      }
    } else if payloadFields.count == 1, let key = payloadFields.keys.first {
      // A single labelled payload may reflect as a one-element tuple.
      let single =
        payloadMirror.displayStyle == .tuple && payloadMirror.children.count == 1
        ? payloadMirror.children.first!.value : child.value
      parts.append((key == "_0" ? nil : key, single))
    } else {
      return nil
    }
    var arguments: [String] = []
    for part in parts {
      guard let text = expression(for: part.value) else { return nil }
      arguments.append(part.label.map { "\($0): \(text)" } ?? text)
    }
    return "." + escaped(name) + "(" + arguments.joined(separator: ", ") + ")"
  }

  /// What a generated test of `model`'s recording starts with: its model's module and type
  /// name, checked `name`, and the lines from the imports to the test function's opening, the
  /// app's module imported `@testable`.
  package static func testOpening(
    named name: String, of model: Any.Type, importing imports: [String]
  ) throws(RecordingError) -> (module: String, typeName: String, lines: [String]) {
    guard isIdentifier(name) else {
      throw .coding("\(String(reflecting: name)) is not a name a Swift function can have")
    }
    let qualified = String(reflecting: model)
    let module = String(qualified.prefix { $0 != "." })
    let lines =
      imports.map { "import \($0)" } + [
        "",
        "@testable import \(module)",
        "",
        "@MainActor",
        "@Test func \(name)() async throws {",
      ]
    return (module, String(qualified.dropFirst(module.count + 1)), lines)
  }

  /// Whether `name` can follow a dot: letters, digits and underscores, not starting with a
  /// digit.
  package static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first)
    else { return false }
    return name.unicodeScalars.allSatisfy {
      $0 == "_" || CharacterSet.alphanumerics.contains($0)
    }
  }

  /// `name`, in backticks when it is a keyword that a member reference cannot use bare.
  static func escaped(_ name: String) -> String {
    ["default", "init", "self", "Type", "Protocol", "subscript"].contains(name)
      ? "`\(name)`" : name
  }
}

/// `Keyed(id, value)`, as the tests write an intent for a row or a screen.
private protocol KeyedSpelling {
  var source: String? { get }
}

extension Keyed: KeyedSpelling {
  fileprivate var source: String? {
    guard let id = SwiftSource.literal(for: id), let value = SwiftSource.expression(for: value)
    else { return SwiftSource.decoded(self) }
    return "Keyed(\(id), \(value))"
  }
}
