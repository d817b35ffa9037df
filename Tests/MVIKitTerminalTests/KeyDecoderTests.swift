import MVIKitTerminal
import Testing

@Suite struct KeyDecoderTests {
  private func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  @Test func decodesTextAndControlKeys() {
    #expect(decode(Array("aZ é".utf8)) == ["a", "Z", .space, "é"])
    #expect(decode([0x0D, 0x09, 0x7F, 0x03]) == [.enter, .tab, .backspace, .ctrl("c")])
  }

  @Test func decodesEscapeSequences() {
    let bytes = Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F\u{1B}[Z".utf8)
    #expect(decode(bytes) == [.up, .down, .right, .left, .home, .end, .backTab])
    let tilde = Array("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[1~\u{1B}[4~\u{1B}OA\u{1B}[1;5C".utf8)
    #expect(decode(tilde) == [.pageUp, .pageDown, .delete, .home, .end, .up, .right])
  }

  @Test func loneEscapeNeedsAPause() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("\u{1B}x".utf8)) == [.alt("x")])
  }

  @Test func sequencesSplitAcrossReadsStillDecode() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, UInt8(ascii: "[")]) == [])
    #expect(decoder.decode([UInt8(ascii: "A")]) == [.up])
    #expect(decoder.decode([0xC3]) == [])
    #expect(decoder.decode([0xA9]) == ["é"])
  }

  @Test func bracketedPasteIsOneKey() {
    let bytes = Array("\u{1B}[200~hello\r\u{1B}world q\u{1B}[201~x".utf8)
    #expect(decode(bytes) == [.paste("hello\nworld q"), "x"])
  }

  @Test func malformedInputIsDropped() {
    #expect(decode([0xFF, 0xC3, 0x28, 0x80, UInt8(ascii: "a")]) == ["(", "a"])
    #expect(decode(Array("\u{1B}[<0;3;4M\u{1B}[99~b".utf8)) == ["b"])
    #expect(decode(Array("\u{1B}[12".utf8)) == [])
    #expect(decode(Array("\u{1B}[1\u{1B}[A".utf8)) == [.up])
    let overlong = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 100)
    #expect(decode(overlong + [UInt8(ascii: "z")]).allSatisfy { $0 == "1" || $0 == "z" })
  }

  @Test func randomBytesNeverCrashAndYieldOnlyValidKeys() {
    var generator = SplitMix(seed: 42)
    var decoder = KeyDecoder()
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 1...32, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      for key in decoder.decode(bytes) {
        if case .char(let character) = key {
          #expect(character.unicodeScalars.allSatisfy { $0.value >= 0x20 })
        }
      }
      _ = decoder.flush()
    }
  }
}

/// A seeded generator, so a failure can be reproduced.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
