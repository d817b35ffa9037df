/// JSON text to and from ``JSONValue`` directly. Going through `Decodable` tried each kind of
/// value in turn and threw for every miss, which made recording a send cost a thousand
/// allocations.
extension JSONValue {
  /// Why a text is not JSON.
  package struct ParseError: Error, CustomStringConvertible {
    package var offset: Int
    package var reason: String
    package var description: String { "\(reason) at byte \(offset)" }
  }

  /// Parses one JSON value that fills `bytes` (whitespace around it allowed).
  package init(parsing bytes: [UInt8]) throws(ParseError) {
    var parser = JSONParser(bytes: bytes)
    self = try parser.parseDocument()
  }

  /// The value as compact JSON text, object keys sorted.
  package var jsonText: [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  private func write(to out: inout [UInt8]) {
    switch self {
    case .null: out += Array("null".utf8)
    case .bool(let value): out += Array((value ? "true" : "false").utf8)
    case .int(let value): out += Array(String(value).utf8)
    case .double(let value):
      // Integral doubles as integers, the way JSONEncoder writes them.
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        out += Array(String(Int64(value)).utf8)
      } else {
        out += Array((value.isFinite ? String(value) : "null").utf8)
      }
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let fields):
      out.append(UInt8(ascii: "{"))
      for (index, key) in fields.keys.sorted().enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        fields[key]?.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

/// A recursive-descent reader of JSON text into ``JSONValue``.
private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(JSONValue.ParseError) -> JSONValue {
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("text after the value") }
    return value
  }

  private func error(_ reason: String) -> JSONValue.ParseError {
    JSONValue.ParseError(offset: index, reason: reason)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func expect(_ word: String, _ value: JSONValue) throws(JSONValue.ParseError)
    -> JSONValue
  {
    let word = Array(word.utf8)
    guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word
    else { throw error("not a JSON value") }
    index += word.count
    return value
  }

  private mutating func parseValue() throws(JSONValue.ParseError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    default: return try parseNumber()
    }
  }

  private mutating func nested<T>(_ body: (inout JSONParser) throws(JSONValue.ParseError) -> T)
    throws(JSONValue.ParseError) -> T
  {
    // Deep enough for any state; a hostile file must not overflow the stack.
    guard depth < 512 else { throw error("nested too deep") }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func parseObject() throws(JSONValue.ParseError) -> JSONValue {
    try nested { parser throws(JSONValue.ParseError) in
      parser.index += 1
      var fields: [String: JSONValue] = [:]
      parser.skipWhitespace()
      if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") {
        parser.index += 1
        return .object(fields)
      }
      while true {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"")
        else { throw parser.error("expected a key") }
        let key = try parser.parseString()
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":")
        else { throw parser.error("expected ':'") }
        parser.index += 1
        fields[key] = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error("unexpected end") }
        let byte = parser.bytes[parser.index]
        parser.index += 1
        if byte == UInt8(ascii: "}") { return .object(fields) }
        guard byte == UInt8(ascii: ",") else { throw parser.error("expected ',' or '}'") }
      }
    }
  }

  private mutating func parseArray() throws(JSONValue.ParseError) -> JSONValue {
    try nested { parser throws(JSONValue.ParseError) in
      parser.index += 1
      var items: [JSONValue] = []
      parser.skipWhitespace()
      if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") {
        parser.index += 1
        return .array(items)
      }
      while true {
        items.append(try parser.parseValue())
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { throw parser.error("unexpected end") }
        let byte = parser.bytes[parser.index]
        parser.index += 1
        if byte == UInt8(ascii: "]") { return .array(items) }
        guard byte == UInt8(ascii: ",") else { throw parser.error("expected ',' or ']'") }
      }
    }
  }

  private mutating func parseString() throws(JSONValue.ParseError) -> String {
    index += 1
    var scalars: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw error("unexpected end") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            code = 0x10000 + ((code - 0xD800) << 10) + (low &- 0xDC00)
          }
          let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
          scalars += Array(String(Character(scalar)).utf8)
        default:
          throw error("bad escape")
        }
      default:
        scalars.append(byte)
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseHex4() throws(JSONValue.ParseError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("bad \\u escape") }
    var code: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw error("bad \\u escape")
      }
      code = code * 16 + UInt32(digit)
    }
    index += 4
    return code
  }

  private mutating func parseNumber() throws(JSONValue.ParseError) -> JSONValue {
    let start = index
    var isInteger = true
    while index < bytes.count {
      let byte = bytes[index]
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
        index += 1
      } else if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+")]
        .contains(byte)
      {
        isInteger = false
        index += 1
      } else {
        break
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .int(value) }
    guard !text.isEmpty, let value = Double(text) else { throw error("not a JSON value") }
    return .double(value)
  }
}
