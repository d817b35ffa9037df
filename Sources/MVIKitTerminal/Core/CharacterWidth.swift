extension Character {
  /// How many terminal columns the character takes: 0 for controls, 2 for East Asian wide
  /// characters and emoji, else 1.
  var terminalWidth: Int {
    guard let scalar = unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if unicodeScalars.count > 1, unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
      return 2
    }
    return Self.wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
  ]
}

extension String {
  /// How many terminal columns the string takes.
  var terminalWidth: Int {
    var total = 0
    for character in self { total += character.terminalWidth }
    return total
  }
}
