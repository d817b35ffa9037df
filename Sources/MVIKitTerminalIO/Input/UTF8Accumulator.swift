/// Collects the bytes of one UTF-8 scalar; invalid sequences are dropped, never guessed at.
struct UTF8Accumulator {
  private var bytes: [UInt8] = []
  private var expected = 0

  var isEmpty: Bool { bytes.isEmpty }

  /// Adds `byte`; returns the scalar once complete. A byte that cannot continue the pending
  /// sequence drops it and starts over, so one bad byte costs at most one character.
  mutating func add(_ byte: UInt8) -> Unicode.Scalar? {
    if bytes.isEmpty {
      switch byte {
      case 0x00..<0x80: return Unicode.Scalar(byte)
      case 0xC2...0xDF: expected = 2
      case 0xE0...0xEF: expected = 3
      case 0xF0...0xF4: expected = 4
      default: return nil
      }
      bytes = [byte]
      return nil
    }
    guard byte & 0xC0 == 0x80 else {
      reset()
      return add(byte)
    }
    bytes.append(byte)
    guard bytes.count == expected else { return nil }
    defer { reset() }
    var value = UInt32(bytes[0]) & (expected == 2 ? 0x1F : expected == 3 ? 0x0F : 0x07)
    for continuation in bytes.dropFirst() { value = value << 6 | UInt32(continuation & 0x3F) }
    let minimum: UInt32 = expected == 2 ? 0x80 : expected == 3 ? 0x800 : 0x10000
    guard value >= minimum else { return nil }
    return Unicode.Scalar(value)
  }

  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    expected = 0
  }
}
