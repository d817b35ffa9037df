/// Turns the bytes that a terminal sends into ``Key`` values.
///
/// It understands UTF-8 text, control keys, CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn,
/// function keys, Shift-Tab) and bracketed paste. Anything it does not understand, such as
/// stray Escape bytes, invalid UTF-8, mouse reports or overlong sequences, is dropped.
///
/// Bytes may arrive split anywhere; the decoder keeps a partial sequence until the rest
/// arrives. A lone Escape is ambiguous until input pauses, so callers call ``flush()`` when no
/// byte follows for a short while.
public struct KeyDecoder: Sendable {
  private enum State: Equatable {
    case ground
    case escape
    case controlSequence([UInt8])
    case singleShift
    case paste
  }

  private static let pasteEnd = Array("\u{1B}[201~".utf8)
  private static let maximumSequenceLength = 32
  private static let maximumPasteLength = 1 << 20

  private var state = State.ground
  private var text = UTF8Accumulator()
  private var pasteBytes: [UInt8] = []
  private var pasteTail: [UInt8] = []

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether some bytes wait for more input, such as a lone Escape.
  public var hasPending: Bool { state != .ground || !text.isEmpty }

  /// Decodes `bytes`, returning the keys that are complete.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes { consume(byte, into: &keys) }
    return keys
  }

  /// Ends what is pending because input paused: a lone Escape becomes ``Key/escape``, and a
  /// partial sequence is dropped. An unfinished paste keeps waiting for its end marker.
  public mutating func flush() -> [Key] {
    text.reset()
    switch state {
    case .escape:
      state = .ground
      return [.escape]
    case .controlSequence, .singleShift:
      state = .ground
      return []
    case .ground, .paste:
      return []
    }
  }

  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground: consumeGround(byte, into: &keys)
    case .escape: consumeEscape(byte, into: &keys)
    case .controlSequence(let parameters): consumeSequence(byte, parameters, into: &keys)
    case .singleShift: consumeSingleShift(byte, into: &keys)
    case .paste: consumePaste(byte, into: &keys)
    }
  }

  private mutating func consumeGround(_ byte: UInt8, into keys: inout [Key]) {
    if byte < 0x20 || byte == 0x7F { text.reset() }
    switch byte {
    case 0x1B: state = .escape
    case 0x0D, 0x0A: keys.append(.enter)
    case 0x09: keys.append(.tab)
    case 0x7F, 0x08: keys.append(.backspace)
    case 0x01...0x1A: keys.append(.ctrl(Character(Unicode.Scalar(byte + 0x60))))
    case 0x00..<0x20: break
    default:
      guard let scalar = text.add(byte), Self.isPrintable(scalar) else { return }
      keys.append(.char(Character(scalar)))
    }
  }

  private mutating func consumeEscape(_ byte: UInt8, into keys: inout [Key]) {
    switch byte {
    case UInt8(ascii: "["): state = .controlSequence([])
    case UInt8(ascii: "O"): state = .singleShift
    case 0x1B: keys.append(.escape)
    case 0x20...0x7E:
      state = .ground
      keys.append(.alt(Character(Unicode.Scalar(byte))))
    default:
      state = .ground
      keys.append(.escape)
      consumeGround(byte, into: &keys)
    }
  }

  private mutating func consumeSequence(
    _ byte: UInt8, _ parameters: [UInt8], into keys: inout [Key]
  ) {
    switch byte {
    case 0x20...0x3F:
      guard parameters.count < Self.maximumSequenceLength else {
        state = .ground
        return
      }
      state = .controlSequence(parameters + [byte])
    case 0x40...0x7E:
      state = .ground
      finishSequence(parameters, final: byte, into: &keys)
    default:
      // Not part of any sequence: the sequence was cut short, so drop it and keep the byte.
      state = .ground
      consumeGround(byte, into: &keys)
    }
  }

  private mutating func finishSequence(_ parameters: [UInt8], final: UInt8, into keys: inout [Key])
  {
    if let first = parameters.first, first >= 0x3C { return }
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { digits in digits.reduce(0) { min(9999, $0 * 10 + Int($1 &- 0x30)) } }
    let number = numbers.first ?? 0
    switch final {
    case UInt8(ascii: "~"):
      if number == 200 {
        state = .paste
        pasteBytes = []
        pasteTail = []
      } else if let key = Self.tildeKeys[number] {
        keys.append(key)
      }
    case UInt8(ascii: "Z"): keys.append(.backTab)
    default:
      if let key = Self.letterKeys[final] { keys.append(key) }
    }
  }

  private mutating func consumeSingleShift(_ byte: UInt8, into keys: inout [Key]) {
    state = .ground
    if let key = Self.letterKeys[byte] {
      keys.append(key)
    } else if byte < 0x20 || byte >= 0x80 {
      consumeGround(byte, into: &keys)
    }
  }

  private mutating func consumePaste(_ byte: UInt8, into keys: inout [Key]) {
    pasteTail.append(byte)
    if pasteTail.count > Self.pasteEnd.count { pasteTail.removeFirst() }
    if pasteBytes.count < Self.maximumPasteLength { pasteBytes.append(byte) }
    guard pasteTail == Self.pasteEnd else { return }
    state = .ground
    let content = pasteBytes.prefix(max(0, pasteBytes.count - Self.pasteEnd.count))
    keys.append(.paste(Self.pasteText(content)))
    pasteBytes = []
    pasteTail = []
  }

  private static func pasteText(_ bytes: some Sequence<UInt8>) -> String {
    var decoder = UTF8Accumulator()
    var result = String.UnicodeScalarView()
    for byte in bytes {
      guard let scalar = decoder.add(byte) else { continue }
      switch scalar {
      case "\r": result.append("\n")
      case "\n", "\t": result.append(scalar)
      default: if isPrintable(scalar) { result.append(scalar) }
      }
    }
    return String(result)
  }

  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value)
  }

  private static let letterKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
    UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
  ]

  private static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]
}
