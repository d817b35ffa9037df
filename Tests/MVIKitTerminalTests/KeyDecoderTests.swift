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
    #expect(decode(tilde) == [.pageUp, .pageDown, .delete, .home, .end, .up, .right.with(.ctrl)])
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
    #expect(decode(Array("\u{1B}[?1;2c\u{1B}[99~b".utf8)) == ["b"])
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

@Suite struct KeyModifierTests {
  private func decode(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8)) + decoder.flush()
  }

  @Test func xtermModifierParameterOnArrowsHomeAndEnd() {
    #expect(decode("\u{1B}[1;5A") == [.modified(.up, .ctrl)])
    #expect(decode("\u{1B}[1;2B") == [.modified(.down, .shift)])
    #expect(decode("\u{1B}[1;3C") == [.modified(.right, .alt)])
    #expect(decode("\u{1B}[1;4D") == [.modified(.left, [.shift, .alt])])
    #expect(decode("\u{1B}[1;6A") == [.modified(.up, [.ctrl, .shift])])
    #expect(decode("\u{1B}[1;7A") == [.modified(.up, [.ctrl, .alt])])
    #expect(decode("\u{1B}[1;8A") == [.modified(.up, [.ctrl, .alt, .shift])])
    #expect(decode("\u{1B}[1;5H\u{1B}[1;2F") == [.home.with(.ctrl), .end.with(.shift)])
    // No modifier, Meta alone (which Key has no place for), and kitty's event sub-parameter.
    #expect(decode("\u{1B}[1;1A\u{1B}[1;9A\u{1B}[1;5:1A") == [.up, .up, .up.with(.ctrl)])
  }

  @Test func modifiersOnTildeKeys() {
    #expect(decode("\u{1B}[5;5~") == [.modified(.pageUp, .ctrl)])
    #expect(decode("\u{1B}[6;2~") == [.modified(.pageDown, .shift)])
    #expect(decode("\u{1B}[3;3~") == [.modified(.delete, .alt)])
    #expect(decode("\u{1B}[2;5~") == [.modified(.insert, .ctrl)])
  }

  @Test func functionKeysWithAndWithoutModifiers() {
    #expect(decode("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS") == (1...4).map(Key.function))
    let tilde = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].map { "\u{1B}[\($0)~" }
    #expect(decode(tilde.joined()) == (1...12).map(Key.function))
    #expect(decode("\u{1B}[1;2P") == [.function(1).with(.shift)])
    #expect(decode("\u{1B}[15;5~") == [.function(5).with(.ctrl)])
    #expect(decode("\u{1B}[24;6~") == [.function(12).with([.ctrl, .shift])])
    // Some terminals put the modifier after `ESC O`.
    #expect(decode("\u{1B}O5P\u{1B}O2S") == [.function(1).with(.ctrl), .function(4).with(.shift)])
  }

  @Test func altWithControlKeys() {
    #expect(decode("\u{1B}\r") == [.modified(.enter, .alt)])
    #expect(decode("\u{1B}\u{7F}") == [.modified(.backspace, .alt)])
    #expect(decode("\u{1B}\t") == [.modified(.tab, .alt)])
    #expect(decode("\u{1B}\u{01}") == [.modified(.ctrl("a"), .alt)])
    #expect(decode("\u{1B}[1;5Z\u{1B}[Z") == [.modified(.backTab, .ctrl), .backTab])
  }

  @Test func withGivesTheDecodedForm() {
    #expect(Key.up.with(.ctrl) == .modified(.up, .ctrl))
    #expect(Key.up.with([]) == .up)
    #expect(Key.modified(.up, []).with([]) == .up)
    #expect(Key.up.with(.ctrl).with(.shift) == .modified(.up, [.ctrl, .shift]))
    #expect(Key.char("x").with(.ctrl) == .ctrl("x"))
    #expect(Key.char("X").with(.ctrl) == .ctrl("x"))
    #expect(Key.char("x").with(.alt) == .alt("x"))
    #expect(Key.alt("x").with(.ctrl) == .modified(.ctrl("x"), .alt))
    #expect(Key.char("x").with([.ctrl, .alt]) == .modified(.ctrl("x"), .alt))
    #expect(Key.ctrl("c").with(.ctrl) == .ctrl("c"))
    #expect(Key.tab.with(.shift) == .backTab)
    #expect(Key.char("1").with(.ctrl) == .modified(.char("1"), .ctrl))
  }

  @Test func modifiersAndUnmodifiedKey() {
    #expect(Key.up.with([.ctrl, .shift]).modifiers == [.ctrl, .shift])
    #expect(Key.up.with([.ctrl, .shift]).unmodified == .up)
    #expect(Key.ctrl("c").modifiers == .ctrl)
    #expect(Key.ctrl("c").unmodified == "c")
    #expect(Key.modified(.ctrl("a"), .alt).modifiers == [.ctrl, .alt])
    #expect(Key.backTab.unmodified == .tab)
    #expect(Key.up.modifiers.isEmpty)
  }

  @Test func labelsReadLikeEmacs() {
    #expect(Key.up.with(.ctrl).label == "C-↑")
    #expect(Key.function(5).with(.shift).label == "S-F5")
    #expect(Key.pageUp.with([.shift, .alt, .ctrl]).label == "C-M-S-PgUp")
    #expect(Key.enter.with(.alt).label == "M-Enter")
    #expect(Key.modified(.ctrl("a"), .alt).label == "M-^A")
    #expect(Key.ctrl("c").label == "^C")
    #expect(Key.up.with(.ctrl).description == "C-↑")
    #expect("\(Key.char("q"))" == "q")
  }

  @MainActor @Test func helpBarNamesModifiedKeys() {
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 2)) {
      VStack {
        Spacer()
        HelpBar()
      }
      .onKey([.up.with(.ctrl), .home], help: "Top") {}
    }
    #expect(terminal.text[1].hasPrefix("C-↑/Home Top"))
  }

  @MainActor @Test func modifiedKeysReachTheirBindingsOnly() {
    var top = 0
    var up = 0
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 2)) {
      Text("x")
        .onKey(.up.with(.ctrl)) { top += 1 }
        .onKey(.up) { up += 1 }
    }
    terminal.feed(Array("\u{1B}[1;5A\u{1B}[A\u{1B}[1;5A".utf8))
    #expect(top == 2)
    #expect(up == 1)
  }
}

@Suite struct EscapeTimeoutTests {
  private let start = ContinuousClock.now

  private func after(_ milliseconds: Int) -> ContinuousClock.Instant {
    start + .milliseconds(milliseconds)
  }

  @Test func loneEscapeBecomesEscapeOnceTheTimeoutPasses() {
    var decoder = KeyDecoder()
    #expect(decoder.escapeTimeout == .milliseconds(30))
    #expect(decoder.decode([0x1B], at: start) == [])
    #expect(decoder.pendingDeadline == after(30))
    #expect(decoder.expire(at: after(29)) == [])
    #expect(decoder.hasPending)
    #expect(decoder.expire(at: after(30)) == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.pendingDeadline == nil)
    #expect(decoder.expire(at: after(100)) == [])
  }

  @Test func bytesInTheSameReadFormOneKey() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}q".utf8), at: start) == [.alt("q")])
    #expect(decoder.decode(Array("\u{1B}[1;5A".utf8), at: start) == [.up.with(.ctrl)])
    #expect(decoder.pendingDeadline == nil)
  }

  @Test func aKeyWithinTheTimeoutIsAlt() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B], at: start) == [])
    #expect(decoder.decode(Array("q".utf8), at: after(10)) == [.alt("q")])
  }

  @Test func escapeThenQuitKeyAfterThePauseAreTwoKeys() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B], at: start) == [])
    #expect(decoder.expire(at: after(31)) == [.escape])
    #expect(decoder.decode(Array("q".utf8), at: after(40)) == ["q"])
  }

  @Test func aLateReadStillEndsTheEscapeFirst() {
    // The reader did not wake at the deadline; the byte it finally reads came too late.
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B], at: start) == [])
    #expect(decoder.decode(Array("q".utf8), at: after(50)) == [.escape, "q"])
  }

  @Test func theTimeoutIsConfigurable() {
    var decoder = KeyDecoder(escapeTimeout: .milliseconds(100))
    #expect(decoder.decode([0x1B], at: start) == [])
    #expect(decoder.pendingDeadline == after(100))
    #expect(decoder.expire(at: after(50)) == [])
    #expect(decoder.decode(Array("q".utf8), at: after(60)) == [.alt("q")])
    decoder.escapeTimeout = .zero
    #expect(decoder.decode([0x1B], at: after(70)) == [])
    #expect(decoder.expire(at: after(70)) == [.escape])
  }

  @Test func eachReadRestartsTheWaitOfASplitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8), at: start) == [])
    #expect(decoder.decode(Array("1;5".utf8), at: after(20)) == [])
    #expect(decoder.pendingDeadline == after(50))
    #expect(decoder.decode(Array("A".utf8), at: after(45)) == [.up.with(.ctrl)])
  }

  @Test func expiredPartialInputEnds() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[".utf8), at: start) == [])
    #expect(decoder.expire(at: after(30)) == [.alt("[")])
    #expect(decoder.decode(Array("\u{1B}O".utf8), at: start) == [])
    #expect(decoder.expire(at: after(30)) == [.alt("O")])
    #expect(decoder.decode(Array("\u{1B}[15".utf8), at: start) == [])
    #expect(decoder.expire(at: after(30)) == [])
    #expect(decoder.decode([0xC3], at: start) == [])
    #expect(decoder.expire(at: after(30)) == [])
    #expect(!decoder.hasPending)
    #expect(decoder.decode(Array("\u{1B}\u{1B}".utf8), at: start) == [.escape])
    #expect(decoder.expire(at: after(30)) == [.escape])
  }

  @Test func anUnfinishedPasteHasNoDeadline() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~abc".utf8), at: start) == [])
    #expect(decoder.hasPending)
    #expect(decoder.pendingDeadline == nil)
    #expect(decoder.expire(at: after(5_000)) == [])
    #expect(decoder.decode(Array("\u{1B}[201~".utf8), at: after(6_000)) == [.paste("abc")])
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
