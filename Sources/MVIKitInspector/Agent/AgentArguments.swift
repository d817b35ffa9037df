import Foundation
import MVIKitRecording

/// A tool call's arguments, read as its schema says: each read names the argument and what
/// was wrong with it, so that an agent can correct its call.
struct AgentArguments {
  /// Why a call cannot be carried out, said to the agent.
  struct Problem: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private let values: [String: JSONValue]
  private let tool: InspectorAgentTool

  init(_ values: [String: JSONValue], tool: InspectorAgentTool) {
    self.values = values
    self.tool = tool
  }

  /// Arguments the tool does not take.
  var unknownNames: [String] {
    let known = Set(tool.argumentNames)
    return values.keys.filter { !known.contains($0) }.sorted()
  }

  func int(_ name: String) throws(Problem) -> Int? {
    switch values[name] {
    case nil, .null?: return nil
    case .int(let value)?: return Int(clamping: value)
    case .double(let value)? where value.rounded() == value && abs(value) < 1e15:
      return Int(value)
    case .string(let text)? where Int(text) != nil: return Int(text)
    case let value?:
      throw Problem("\(name) must be a whole number, not \(value.text.prefix(60)).")
    }
  }

  func requiredInt(_ name: String) throws(Problem) -> Int {
    guard let value = try int(name) else { throw Problem("\(tool.rawValue) needs \(name).") }
    return value
  }

  func bool(_ name: String) throws(Problem) -> Bool? {
    switch values[name] {
    case nil, .null?: return nil
    case .bool(let value)?: return value
    case let value?: throw Problem("\(name) must be true or false, not \(value.text.prefix(60)).")
    }
  }

  func string(_ name: String, oneOf allowed: [String]? = nil) throws(Problem) -> String? {
    switch values[name] {
    case nil, .null?: return nil
    case .string(let text)?:
      if let allowed, !allowed.contains(text) {
        throw Problem(
          "\(name) must be one of \(allowed.joined(separator: ", ")), not \(text.prefix(60)).")
      }
      return text
    case let value?: throw Problem("\(name) must be a text, not \(value.text.prefix(60)).")
    }
  }

  func requiredString(_ name: String) throws(Problem) -> String {
    guard let value = try string(name) else { throw Problem("\(tool.rawValue) needs \(name).") }
    return value
  }

  /// A name for a Swift function.
  func identifier(_ name: String) throws(Problem) -> String? {
    guard let text = try string(name) else { return nil }
    let isIdentifier =
      text.first.map { $0 == "_" || $0.isLetter } == true
      && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } && text.count <= 100
    guard isIdentifier else {
      throw Problem("\(name) must be a Swift identifier, such as recordedSession.")
    }
    return text
  }

  /// The `intent` argument as JSON bytes: an object, or a text holding its JSON.
  func intentJSON() throws(Problem) -> Data {
    switch values["intent"] {
    case nil, .null?:
      throw Problem("\(tool.rawValue) needs intent: its JSON, as intent_examples shows.")
    case .string(let text)?:
      guard let parsed = try? JSONValue(parsing: Array(text.utf8)) else {
        throw Problem(
          "intent is a text that is not JSON: \(text.prefix(80)). Pass the intent's JSON object, "
            + "as intent_examples shows.")
      }
      return Data(parsed.jsonText)
    case let value?:
      return Data(value.jsonText)
    }
  }
}
