import Foundation
import MCP
import MVIKitRecording

/// The MCP SDK's `Value` and the inspector's `JSONValue` are the same JSON: these carry one to
/// the other at the server's edge, so the tools never see MCP's types.
extension JSONValue {
  init(_ value: Value) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .int(Int64(number))
    case .double(let number): self = .double(number)
    case .string(let text): self = .string(text)
    case .data(_, let data): self = .string(data.base64EncodedString())
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .object(let fields): self = .object(fields.mapValues(JSONValue.init))
    }
  }
}

extension Value {
  init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .int(Int(clamping: number))
    case .double(let number): self = .double(number)
    case .string(let text): self = .string(text)
    case .array(let items): self = .array(items.map(Value.init))
    case .object(let fields): self = .object(fields.mapValues(Value.init))
    }
  }
}
