/// Appends terminal control sequences to a byte buffer without going through `String`.
struct ByteWriter {
  var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  mutating func escape(_ text: StaticString) {
    bytes.append(0x1B)
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func number(_ value: Int) {
    if value >= 10 { number(value / 10) }
    bytes.append(UInt8(0x30 + value % 10))
  }

  /// Moves the cursor to zero-based `column`, `row`.
  mutating func move(column: Int, row: Int) {
    bytes.append(0x1B)
    bytes.append(UInt8(ascii: "["))
    number(row + 1)
    parameter(column + 1)
    bytes.append(UInt8(ascii: "H"))
  }

  /// Writes `;` and `value`: the next parameter of a control sequence.
  private mutating func parameter(_ value: Int) {
    bytes.append(UInt8(ascii: ";"))
    number(value)
  }

  mutating func character(_ character: Character) {
    if character.isASCII, let ascii = character.asciiValue {
      bytes.append(ascii)
    } else {
      bytes.append(contentsOf: character.utf8)
    }
  }

  /// Sets the pen to exactly `style`, starting from a reset so no attribute lingers.
  ///
  /// The colours are written as they are, so they must already suit the terminal: see
  /// `ColorMode.resolve(_:)`.
  mutating func style(_ style: Style) {
    escape("[0")
    let codes: [(TextAttributes, UInt8)] = [
      (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7), (.strikethrough, 9),
    ]
    for (attribute, code) in codes where style.attributes.contains(attribute) {
      parameter(Int(code))
    }
    color(style.foreground, base: 30, brightBase: 90, extended: 38)
    color(style.background, base: 40, brightBase: 100, extended: 48)
    bytes.append(UInt8(ascii: "m"))
  }

  private mutating func color(_ color: Color, base: Int, brightBase: Int, extended: Int) {
    switch color {
    case .default:
      return
    case .palette(let index) where index < 8:
      parameter(base + Int(index))
    case .palette(let index) where index < 16:
      parameter(brightBase + Int(index) - 8)
    case .palette(let index):
      parameter(extended)
      parameter(5)
      parameter(Int(index))
    case .rgb(let r, let g, let b):
      parameter(extended)
      parameter(2)
      for component in [r, g, b] { parameter(Int(component)) }
    }
  }
}
