import MVIKit
import MVIKitTerminal
import Testing

@Suite struct ColorModeDetectionTests {
  private static let table: [(environment: [String: String], mode: ColorMode)] = [
    ([:], .palette16),
    (["TERM": ""], .palette16),
    (["TERM": "xterm"], .palette16),
    (["TERM": "screen"], .palette16),
    (["TERM": "tmux"], .palette16),
    (["TERM": "linux"], .palette16),
    (["TERM": "rxvt-unicode"], .palette16),
    (["TERM": "some-new-terminal"], .palette16),
    (["TERM": "vt100"], .noColor),
    (["TERM": "vt220"], .noColor),
    (["TERM": "xterm-mono"], .noColor),
    (["TERM": "vte"], .palette16),
    (["TERM": "xterm-256color"], .palette256),
    (["TERM": "screen-256color"], .palette256),
    (["TERM": "tmux-256color"], .palette256),
    (["TERM": "xterm-direct"], .trueColor),
    (["TERM": "rxvt-unicode-24bit"], .trueColor),
    (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .trueColor),
    (["COLORTERM": "24bit"], .trueColor),
    (["COLORTERM": "TrueColor"], .trueColor),
    (["TERM": "xterm", "COLORTERM": "yes"], .palette16),
    (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .noColor),
    (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),
    (["TERM": "dumb"], .plain),
    (["TERM": "dumb", "COLORTERM": "truecolor"], .plain),
    (["TERM": "dumb", "NO_COLOR": "1"], .plain),
    (["TERM": "xterm-256color", "FORCE_COLOR": "0"], .noColor),
    (["TERM": "xterm-256color", "FORCE_COLOR": "false"], .noColor),
    (["TERM": "dumb", "FORCE_COLOR": "0"], .plain),
    (["COLORTERM": "truecolor", "FORCE_COLOR": "1"], .palette16),
    (["FORCE_COLOR": "true"], .palette16),
    (["FORCE_COLOR": "2"], .palette256),
    (["FORCE_COLOR": "3"], .trueColor),
    (["FORCE_COLOR": "5"], .trueColor),
    (["FORCE_COLOR": "yes"], .palette16),
    (["FORCE_COLOR": "3", "NO_COLOR": "1"], .trueColor),
    (["FORCE_COLOR": "2", "TERM": "dumb"], .palette256),
    (["FORCE_COLOR": "", "TERM": "xterm-256color"], .palette256),
  ]

  @Test func followsTheEnvironmentConventions() {
    for (environment, mode) in Self.table {
      #expect(ColorMode.detect(environment: environment) == mode, "\(environment)")
    }
  }
}

@Suite struct ColorApproximationTests {
  @Test func trueColorBecomesTheNearestCubeOrGrey() {
    #expect(Color.rgb(255, 0, 0).approximation(for: .palette256) == .palette(196))
    #expect(Color.rgb(0, 0, 0).approximation(for: .palette256) == .palette(16))
    #expect(Color.rgb(255, 255, 255).approximation(for: .palette256) == .palette(231))
    #expect(Color.rgb(95, 135, 175).approximation(for: .palette256) == .palette(67))
    // Greys land on the ramp (232 + n draws 8 + 10n), which is finer than the cube.
    #expect(Color.rgb(8, 8, 8).approximation(for: .palette256) == .palette(232))
    #expect(Color.rgb(128, 128, 128).approximation(for: .palette256) == .palette(244))
    #expect(Color.rgb(130, 128, 126).approximation(for: .palette256) == .palette(244))
    #expect(Color.rgb(238, 238, 238).approximation(for: .palette256) == .palette(255))
    #expect(Color.palette(100).approximation(for: .palette256) == .palette(100))
  }

  @Test func everyColorBecomesOneOfTheSixteen() {
    #expect(Color.rgb(255, 0, 0).approximation(for: .palette16) == .palette(9))
    #expect(Color.rgb(200, 10, 10).approximation(for: .palette16) == .red)
    #expect(Color.rgb(0, 0, 0).approximation(for: .palette16) == .black)
    #expect(Color.rgb(255, 255, 255).approximation(for: .palette16) == .brightWhite)
    #expect(Color.rgb(128, 128, 128).approximation(for: .palette16) == .gray)
    #expect(Color.rgb(220, 220, 220).approximation(for: .palette16) == .white)
    #expect(Color.rgb(40, 40, 40).approximation(for: .palette16) == .black)
    // Palette colours go through their RGB.
    #expect(Color.palette(196).approximation(for: .palette16) == .palette(9))
    #expect(Color.palette(21).approximation(for: .palette16) == .blue)
    #expect(Color.palette(244).approximation(for: .palette16) == .gray)
    #expect(Color.palette(232).approximation(for: .palette16) == .black)
    #expect(Color.palette(231).approximation(for: .palette16) == .brightWhite)
    #expect(Color.palette(3).approximation(for: .palette16) == .yellow)
    for index in 0...255 {
      guard case .palette(let mapped) = Color.palette(UInt8(index)).approximation(for: .palette16)
      else {
        Issue.record("palette \(index) did not map to a palette colour")
        continue
      }
      #expect(mapped < 16)
    }
  }

  @Test func noColorModesDropColor() {
    for mode in [ColorMode.noColor, .plain] {
      #expect(Color.rgb(1, 2, 3).approximation(for: mode) == .default)
      #expect(Color.red.approximation(for: mode) == .default)
    }
    for mode in ColorMode.allCases {
      #expect(Color.default.approximation(for: mode) == .default)
    }
    #expect(Color.rgb(1, 2, 3).approximation(for: .trueColor) == .rgb(1, 2, 3))
  }
}

@MainActor
@Suite struct ColorModeRenderingTests {
  /// The parameters of every SGR sequence (`ESC [ … m`) in `bytes`.
  private func sgrParameters(_ bytes: [UInt8]) -> [[Int]] {
    let text = String(decoding: bytes, as: UTF8.self)
    var result: [[Int]] = []
    var rest = text[...]
    while let start = rest.range(of: "\u{1B}[") {
      let body = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
      let after = body.endIndex
      rest = rest[after...]
      guard rest.first == "m" else { continue }
      result.append(
        body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
    }
    return result
  }

  /// The colour parameters of `parameters`: plain codes and the whole 38/48 sequences.
  private func colorCodes(_ parameters: [Int]) -> [[Int]] {
    var codes: [[Int]] = []
    var index = 0
    while index < parameters.count {
      let code = parameters[index]
      if code == 38 || code == 48 {
        let length = parameters.dropFirst(index + 1).first == 5 ? 3 : 5
        codes.append(Array(parameters[index..<min(parameters.count, index + length)]))
        index += length
        continue
      }
      if (30...49).contains(code) || (90...107).contains(code) { codes.append([code]) }
      index += 1
    }
    return codes
  }

  private func frame(_ mode: ColorMode) -> (sgr: [[Int]], colors: [[Int]], text: String) {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 3), colorMode: mode) {
      VStack {
        Text("truecolor").foreground(.rgb(255, 0, 0)).background(.rgb(0, 0, 128))
        Text("palette").foreground(.palette(100))
        Text("ansi").foreground(.red).bold()
      }
    }
    let bytes = terminal.nextFrameBytes()
    let sgr = sgrParameters(bytes)
    return (sgr, sgr.flatMap(colorCodes), String(decoding: bytes, as: UTF8.self))
  }

  @Test func trueColorWritesTwentyFourBitColors() {
    let colors = frame(.trueColor).colors
    #expect(colors.contains([38, 2, 255, 0, 0]))
    #expect(colors.contains([48, 2, 0, 0, 128]))
    #expect(colors.contains([38, 5, 100]))
    #expect(colors.contains([31]))
  }

  @Test func palette256WritesNoTwentyFourBitColor() {
    let (_, colors, text) = frame(.palette256)
    #expect(!text.contains("38;2"))
    #expect(!colors.contains { $0.count > 1 && $0[1] == 2 })
    #expect(colors.contains([38, 5, 196]))
    #expect(colors.contains([48, 5, 18]))
    #expect(colors.contains([38, 5, 100]))
    #expect(colors.contains([31]))
  }

  @Test func palette16WritesOnlyTheSixteenColors() {
    let (_, colors, text) = frame(.palette16)
    #expect(!text.contains("38;5"))
    #expect(!text.contains("38;2"))
    #expect(colors.allSatisfy { $0.count == 1 })
    // Bright red for rgb(255, 0, 0), blue behind it, dark yellow for palette 100, red.
    #expect(colors.contains([91]))
    #expect(colors.contains([44]))
    #expect(colors.contains([33]))
    #expect(colors.contains([31]))
  }

  @Test func noColorKeepsAttributesOnly() {
    let (sgr, colors, text) = frame(.noColor)
    #expect(colors.isEmpty)
    #expect(sgr.contains { $0.contains(1) })
    #expect(text.contains("truecolor") && text.contains("ansi"))
  }

  @Test func plainWritesNoStyleAtAll() {
    let (sgr, _, text) = frame(.plain)
    #expect(sgr.isEmpty)
    #expect(text.contains("truecolor") && text.contains("ansi"))
  }

  @Test func cellsThatLookTheSameShareOneStyleSequence() {
    var grid = Grid(size: Size(width: 2, height: 1))
    grid[0, 0] = Cell("a", style: Style(foreground: .rgb(255, 0, 0), attributes: .bold))
    grid[1, 0] = Cell("b", style: Style(foreground: .rgb(0, 255, 0), attributes: .bold))
    let bytes = FrameRenderer(colorMode: .noColor).render(grid)
    #expect(sgrParameters(bytes) == [[0], [0, 1]])
  }

  @Test func appTakesAnExplicitColorMode() {
    let store = Store(initialState: Counter.State(), model: Counter())
    let app = TerminalApp(store: store) { Text("Count: \(store.count)") }
    #expect(app.colorMode == nil)
    app.colorMode = .palette16
    #expect(app.colorMode == .palette16)
  }
}
