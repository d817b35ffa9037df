/// Turns the bytes that a terminal sends into ``Key`` values.
///
/// It understands UTF-8 text, control keys, CSI and SS3 sequences (arrows, Home/End, PgUp/PgDn,
/// function keys F1–F12, Shift-Tab) with xterm's modifier parameter (`ESC [ 1 ; 5 A` is
/// Ctrl-↑, see ``Key/modified(_:_:)``), Alt as an Escape prefix, bracketed paste, and SGR
/// mouse reports (``Key/mouse(_:)``). Anything it does not understand, such as invalid UTF-8,
/// other terminal replies or overlong sequences, is dropped.
///
/// Bytes may arrive split anywhere; the decoder keeps a partial sequence until the rest
/// arrives. A lone Escape is ambiguous: the Escape key, or the start of Alt-x or of an arrow's
/// sequence. Bytes that come in the same read as the Escape belong to it; an Escape that ends
/// a read waits ``escapeTimeout`` for more input and is then the Escape key. Give each read
/// its time with ``decode(_:at:)`` and call ``expire(at:)`` once ``pendingDeadline`` passes
/// with no input:
///
/// ```swift
/// var decoder = KeyDecoder()
/// let start = ContinuousClock.now
/// decoder.decode([0x1B], at: start)                  // []
/// decoder.expire(at: start + .milliseconds(40))      // [.escape]
/// decoder.decode(Array("\u{1B}q".utf8), at: start)  // [.alt("q")]
/// ```
///
/// ``decode(_:)`` and ``flush()`` leave the timing to the caller instead.
public struct KeyDecoder: Sendable {
  private enum State: Equatable {
    case ground
    case escape
    case controlSequence([UInt8])
    case singleShift([UInt8])
    case paste
  }

  /// How long an Escape at the end of input waits before it is taken as the Escape key,
  /// unless ``init(escapeTimeout:)`` says otherwise: about what crossterm and Bubble Tea wait.
  /// Long enough for the rest of a sequence that a terminal or SSH split, short enough that
  /// Escape does not feel slow.
  public static let defaultEscapeTimeout = Duration.milliseconds(30)

  private static let pasteEnd = Array("\u{1B}[201~".utf8)
  private static let maximumSequenceLength = 32
  private static let maximumPasteLength = 1 << 20

  /// How long pending input (a lone Escape, a partial sequence or character) waits for more
  /// bytes in ``decode(_:at:)`` before ``expire(at:)`` ends it.
  public var escapeTimeout: Duration

  private var state = State.ground
  private var text = UTF8Accumulator()
  private var pasteBytes: [UInt8] = []
  private var pasteTail: [UInt8] = []
  private var deadline: ContinuousClock.Instant?

  /// Creates a decoder with nothing pending, whose lone Escape waits `escapeTimeout`.
  public init(escapeTimeout: Duration = KeyDecoder.defaultEscapeTimeout) {
    self.escapeTimeout = escapeTimeout
  }

  /// Whether some bytes wait for more input, such as a lone Escape or an unfinished paste.
  public var hasPending: Bool { state != .ground || !text.isEmpty }

  /// When ``expire(at:)`` ends what is pending, if no byte comes first; nil when nothing
  /// waits on time. An unfinished paste waits for its end marker instead, so it has none.
  public var pendingDeadline: ContinuousClock.Instant? {
    waitsForInput ? deadline : nil
  }

  /// Decodes `bytes`, returning the keys that are complete; what stays pending has no
  /// ``pendingDeadline``, so the caller decides when to ``flush()``.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    deadline = nil
    var keys: [Key] = []
    for byte in bytes { consume(byte, into: &keys) }
    return keys
  }

  /// Decodes `bytes` read at `now`.
  ///
  /// If the ``pendingDeadline`` has passed, what was pending ends first, as ``expire(at:)``
  /// would: the new bytes came too late to belong to it. What is still pending afterwards
  /// waits ``escapeTimeout`` from `now`.
  public mutating func decode(_ bytes: some Sequence<UInt8>, at now: ContinuousClock.Instant)
    -> [Key]
  {
    var keys = expire(at: now)
    var received = false
    for byte in bytes {
      received = true
      consume(byte, into: &keys)
    }
    if received { deadline = waitsForInput ? now + escapeTimeout : nil }
    return keys
  }

  /// Ends what is pending once its ``pendingDeadline`` is at or before `now`, as ``flush()``
  /// does; returns nothing before then.
  public mutating func expire(at now: ContinuousClock.Instant) -> [Key] {
    guard let deadline = pendingDeadline, deadline <= now else { return [] }
    return flush()
  }

  /// Ends what is pending because input paused: a lone Escape becomes ``Key/escape``,
  /// `ESC [` and `ESC O` become Alt-`[` and Alt-`O`, and a longer partial sequence is dropped.
  /// An unfinished paste keeps waiting for its end marker.
  public mutating func flush() -> [Key] {
    text.reset()
    deadline = nil
    let pending = state
    if state != .paste { state = .ground }
    switch pending {
    case .escape: return [.escape]
    case .controlSequence(let parameters): return parameters.isEmpty ? [.alt("[")] : []
    case .singleShift(let parameters): return parameters.isEmpty ? [.alt("O")] : []
    case .ground, .paste: return []
    }
  }

  /// Whether the pending bytes are waiting for the next ones with a timeout.
  private var waitsForInput: Bool { state != .paste && hasPending }

  private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
    switch state {
    case .ground: consumeGround(byte, into: &keys)
    case .escape: consumeEscape(byte, into: &keys)
    case .controlSequence(let parameters): consumeSequence(byte, parameters, into: &keys)
    case .singleShift(let parameters): consumeSingleShift(byte, parameters, into: &keys)
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
    case UInt8(ascii: "O"): state = .singleShift([])
    case 0x1B: keys.append(.escape)
    case 0x20...0x7E:
      state = .ground
      keys.append(.alt(Character(Unicode.Scalar(byte))))
    case 0x01...0x1A, 0x7F:
      // Alt with Enter, Tab, Backspace or a Ctrl-letter: the terminal sends Escape, then the
      // key's own byte.
      state = .ground
      var plain: [Key] = []
      consumeGround(byte, into: &plain)
      keys += plain.map { $0.with(.alt) }
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
      let fits = parameters.count < Self.maximumSequenceLength
      state = fits ? .controlSequence(parameters + [byte]) : .ground
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
    if parameters.first == UInt8(ascii: "<"),
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
    {
      if let mouse = Self.mouse(parameters.dropFirst(), isRelease: final == UInt8(ascii: "m")) {
        keys.append(.mouse(mouse))
      }
      return
    }
    // Other private parameters (`=`, `>`, `?`) mark terminal replies.
    if let first = parameters.first, first >= 0x3C { return }
    let numbers = Self.numbers(parameters)
    let number = numbers.first ?? 0
    // xterm puts the modifiers second: `ESC [ 1 ; 5 A`, `ESC [ 5 ; 2 ~`.
    let modifiers = numbers.count > 1 ? Self.modifiers(numbers[1]) : []
    switch final {
    case UInt8(ascii: "~"):
      if number == 200 {
        state = .paste
        pasteBytes = []
        pasteTail = []
      } else if let key = Self.tildeKeys[number] {
        keys.append(key.with(modifiers))
      }
    case UInt8(ascii: "Z"): keys.append(Key.backTab.with(modifiers))
    default:
      if let key = Self.letterKeys[final] { keys.append(key.with(modifiers)) }
    }
  }

  private mutating func consumeSingleShift(
    _ byte: UInt8, _ parameters: [UInt8], into keys: inout [Key]
  ) {
    switch byte {
    case 0x30...0x3B:
      // Some terminals put the modifier between `ESC O` and the final letter: `ESC O 5 P`.
      state = parameters.count < 4 ? .singleShift(parameters + [byte]) : .ground
    default:
      state = .ground
      if let key = Self.letterKeys[byte] {
        keys.append(key.with(Self.modifiers(Self.numbers(parameters).last ?? 0)))
      } else if byte < 0x20 || byte >= 0x80 {
        consumeGround(byte, into: &keys)
      }
    }
  }

  /// The numbers of a parameter string such as `1;5`; a sub-parameter after `:` is ignored.
  private static func numbers(_ parameters: [UInt8]) -> [Int] {
    parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
      field in
      field.prefix { (0x30...0x39).contains($0) }.reduce(0) { min(9999, $0 * 10 + Int($1 - 0x30)) }
    }
  }

  /// An SGR mouse report, `button ; column ; row` counted from 1: the low two bits of
  /// `button` are the button, 4 is Shift, 8 Alt, 16 Control, 32 motion and 64 the wheel.
  /// Motion with no button held and sideways wheels are not reported.
  private static func mouse(_ parameters: ArraySlice<UInt8>, isRelease: Bool) -> Mouse? {
    let fields = numbers(Array(parameters))
    guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return nil }
    let code = fields[0]
    let action: Mouse.Action
    if code & 64 != 0 {
      guard let wheel = [Mouse.Action.scrollUp, .scrollDown, nil, nil][code & 3] else { return nil }
      action = wheel
    } else {
      guard let button = [Mouse.Button.left, .middle, .right, nil][code & 3] else { return nil }
      action = isRelease ? .release(button) : code & 32 != 0 ? .drag(button) : .press(button)
    }
    return Mouse(
      action, column: fields[1] - 1, row: fields[2] - 1,
      modifiers: Key.Modifiers(rawValue: UInt8((code >> 2) & 0b111)))
  }

  /// The modifiers of xterm's parameter: one plus the bits of Shift (1), Alt (2), Control (4).
  /// Meta (8) and the bits beyond it are dropped, as ``Key/Modifiers`` has no place for them.
  private static func modifiers(_ parameter: Int) -> Key.Modifiers {
    guard parameter > 1 else { return [] }
    return Key.Modifiers(rawValue: UInt8((parameter - 1) & 0b111))
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
