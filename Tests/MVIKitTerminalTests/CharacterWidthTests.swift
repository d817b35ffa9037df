import MVIKit
import MVIKitTerminal
import Testing

/// A string and the columns a terminal gives it.
struct WidthCase: Sendable, CustomTestStringConvertible {
  let text: String
  let width: Int
  let note: String

  init(_ text: String, _ width: Int, _ note: String) {
    self.text = text
    self.width = width
    self.note = note
  }

  var testDescription: String { note }
}

@Suite struct CharacterWidthTests {
  static let cases: [WidthCase] = [
    WidthCase("hello", 5, "ASCII"),
    WidthCase("", 0, "empty"),
    WidthCase("\u{E9}", 1, "é composed"),
    WidthCase("e\u{301}", 1, "é decomposed: the mark draws over the e"),
    WidthCase("a\u{301}\u{302}\u{323}", 1, "stacked combining marks"),
    WidthCase("\u{301}", 0, "a combining mark with nothing to sit on"),
    WidthCase("漢字", 4, "CJK ideographs"),
    WidthCase("한글", 4, "precomposed Hangul"),
    WidthCase("\u{1112}\u{1161}\u{11AB}", 2, "conjoining jamo: one syllable"),
    WidthCase("\u{1161}", 0, "a medial jamo alone"),
    WidthCase("🚀", 2, "rocket"),
    WidthCase("✅", 2, "check mark button"),
    WidthCase("⭐", 2, "star"),
    WidthCase("☕", 2, "hot beverage"),
    WidthCase("🫠", 2, "melting face (Unicode 14)"),
    WidthCase("🟢", 2, "green circle"),
    WidthCase("❤\u{FE0F}", 2, "heart with emoji presentation"),
    WidthCase("❤", 1, "heart in text presentation"),
    WidthCase("⌚\u{FE0E}", 2, "a wide emoji stays wide with the text selector"),
    WidthCase("👩‍👩‍👧", 2, "ZWJ family: one glyph"),
    WidthCase("🏳\u{FE0F}\u{200D}🌈", 2, "rainbow flag: text-default base, FE0F, ZWJ"),
    WidthCase("👍🏽", 2, "skin tone"),
    WidthCase("☝🏽", 2, "skin tone on a text-default emoji"),
    WidthCase("🇯🇵", 2, "flag: a regional-indicator pair"),
    WidthCase("🇯", 2, "a lone regional indicator has emoji presentation"),
    WidthCase("1\u{FE0F}\u{20E3}", 2, "keycap"),
    WidthCase("1\u{20E3}", 1, "keycap without FE0F: a digit and an enclosing mark"),
    WidthCase("\u{200B}", 0, "zero width space"),
    WidthCase("a\u{200B}b", 2, "zero width space between letters"),
    WidthCase("\u{2060}", 0, "word joiner"),
    WidthCase("\u{AD}", 1, "soft hyphen: terminals draw a hyphen"),
    WidthCase("\u{7}", 0, "bell"),
    WidthCase("\t", 0, "tab: a control, the caller expands it"),
    WidthCase("\r\n", 0, "CR LF: one character, a control"),
    WidthCase("\u{1B}", 0, "escape"),
    WidthCase("\u{85}", 0, "C1 control"),
    WidthCase("Ａ", 2, "fullwidth A"),
    WidthCase("ｶ", 1, "halfwidth katakana"),
    WidthCase("\u{3000}", 2, "ideographic space"),
    WidthCase("\u{3099}", 0, "a combining mark East_Asian_Width calls wide"),
    WidthCase("─│┌", 3, "box drawing is ambiguous width, drawn narrow"),
    WidthCase("Go 🚀 漢字!", 11, "mixed"),
  ]

  @Test(arguments: cases) func width(_ example: WidthCase) {
    #expect(example.text.terminalWidth == example.width)
  }

  @Test func characterWidthIsPerGrapheme() {
    let family: Character = "👩‍👩‍👧"
    #expect(family.unicodeScalars.count == 5)
    #expect(family.terminalWidth == 2)
    #expect(Array("漢字🚀ab").map(\.terminalWidth) == [2, 2, 2, 1, 1])
  }

  /// Range edges, where an off-by-one in the table or the binary search would show.
  @Test func tableEdges() {
    let widths: [(UInt32, Int)] = [
      (0x2FF, 1), (0x300, 0), (0x36F, 0), (0x370, 1), (0x10FF, 1), (0x1100, 2), (0x115F, 2),
      (0x1160, 0), (0x11FF, 0), (0x1200, 1), (0xFF01, 2), (0xFF60, 2), (0xFF61, 1),
      (0x1F1E6, 2), (0x1F1FF, 2), (0x20000, 2), (0x2FFFD, 2), (0x3FFFD, 2), (0x40000, 1),
      (0xE0001, 0), (0xE01EF, 0), (0x10FFFD, 1),
    ]
    for (value, width) in widths {
      let character = Character(Unicode.Scalar(value)!)
      #expect(character.terminalWidth == width, "U+\(String(value, radix: 16, uppercase: true))")
    }
  }

  /// The generated table against the standard library's own copy of the Unicode data, for
  /// every scalar both know (assigned by Unicode 15.0).
  @Test func tableAgreesWithTheStandardLibrary() {
    // Unicode 16.0 made this Ahom sign a spacing mark; a standard library on 16.0 says so.
    let recategorized: Set<UInt32> = [0x1171E]
    var mismatches: [String] = []
    for value in UInt32(0xA0)...0x10FFFF where !recategorized.contains(value) {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        age.major < 15 || (age.major == 15 && age.minor == 0)
      else { continue }
      let properties = scalar.properties
      let width = Character(scalar).terminalWidth
      let isHangulJamoTail = (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
      switch properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format:
        if width != 0 && value != 0xAD { mismatches.append(String(value, radix: 16)) }
      default:
        if isHangulJamoTail {
          if width != 0 { mismatches.append(String(value, radix: 16)) }
        } else if properties.isEmojiPresentation, width != 2 {
          mismatches.append(String(value, radix: 16))
        } else if width == 0 {
          mismatches.append(String(value, radix: 16))
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}

/// Views lay text out by display width: borders stay put, the cursor lands after the text.
@MainActor
@Suite struct WideTextLayoutTests {
  private func fieldInBox(_ store: Store<Form>) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 20, height: 5)) {
      Box("名前") {
        TextField("Email", binding: store.binding(\.email, send: Form.Intent.email))
        Text("🚀 launch 漢字")
      }
    }
  }

  /// Every row is exactly as wide as the screen, and the box's right edge is in its last
  /// column on every row.
  private func expectBoxIntact(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) {
    let right = grid.size.width - 1
    for row in 0..<grid.size.height {
      #expect(grid.line(row).terminalWidth == grid.size.width, sourceLocation: sourceLocation)
    }
    #expect(grid[right, 0].character == "┐", sourceLocation: sourceLocation)
    for row in 1..<3 {
      #expect(grid[right, row].character == "│", "row \(row)", sourceLocation: sourceLocation)
    }
    #expect(grid[right, 3].character == "┘", sourceLocation: sourceLocation)
    expectWellFormed(grid, sourceLocation: sourceLocation)
  }

  @Test func typingCJKAndEmojiKeepsTheBorderAndPlacesTheCursorByWidth() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = fieldInBox(store)
    #expect(terminal.cursor == Grid.Position(column: 1, row: 1))
    terminal.type("漢字🚀ab")
    #expect(store.email == "漢字🚀ab")
    // 2 + 2 + 2 + 1 + 1 columns after the border, not 5 characters.
    #expect(terminal.cursor == Grid.Position(column: 9, row: 1))
    expectBoxIntact(terminal.grid)
    terminal.press(.left, .left, .left)
    #expect(terminal.cursor == Grid.Position(column: 5, row: 1))
    // The cursor covers the whole rocket.
    #expect(terminal.grid.style(column: 5, row: 1).attributes.contains(.reverse))
    #expect(terminal.grid.style(column: 6, row: 1).attributes.contains(.reverse))
    #expect(!terminal.grid.style(column: 7, row: 1).attributes.contains(.reverse))
    terminal.press(.backspace)
    #expect(store.email == "漢🚀ab")
    #expect(terminal.cursor == Grid.Position(column: 3, row: 1))
    terminal.type("👩‍👩‍👧")
    #expect(terminal.cursor == Grid.Position(column: 5, row: 1))
    terminal.press(.backspace)
    // One Backspace removes the whole family, all five scalars.
    #expect(store.email == "漢🚀ab")
    terminal.press(.right, .delete)
    #expect(store.email == "漢🚀b")
    expectBoxIntact(terminal.grid)
  }

  @Test func aMarkTypedOnItsOwnJoinsTheCharacterBeforeIt() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = fieldInBox(store)
    terminal.press(.char("e"), .char("\u{301}"), .char("x"))
    #expect(store.email == "e\u{301}x")
    #expect(store.email.count == 2)
    #expect(terminal.cursor == Grid.Position(column: 3, row: 1))
    terminal.press(.left, .backspace)
    #expect(store.email == "x")
  }

  @Test func longWideTextScrollsByWidthAndKeepsTheCursorInView() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = fieldInBox(store)
    // The field has 18 columns; this is 21.
    terminal.type("a漢字漢字漢字漢字漢字")
    var grid = terminal.grid
    // The cursor cell needs a column of its own, so 8 ideographs (16 columns) show before it.
    #expect(terminal.cursor == Grid.Position(column: 17, row: 1))
    #expect(grid.line(1).hasPrefix("│漢字漢字漢字漢字"))
    expectBoxIntact(grid)
    terminal.press(.home)
    grid = terminal.grid
    #expect(terminal.cursor == Grid.Position(column: 1, row: 1))
    // a + 8 ideographs fill 17 columns; the ninth would straddle the border, so a space.
    #expect(grid.line(1) == "│a漢字漢字漢字漢字 │")
    expectBoxIntact(grid)
    terminal.press(.end, .left, .left)
    // Moving back inside the visible text does not scroll it.
    #expect(terminal.cursor == Grid.Position(column: 13, row: 1))
    #expect(terminal.grid.line(1).hasPrefix("│漢字漢字漢字漢字"))
    // Once what is left fits, the start of the text comes back into view.
    terminal.press(.end, .backspace, .backspace, .backspace)
    #expect(terminal.grid.line(1).hasPrefix("│a漢字漢字漢字漢 "))
    #expect(terminal.cursor == Grid.Position(column: 16, row: 1))
  }

  @Test func aSecureFieldShowsOneBulletPerCharacter() {
    let store = Store(initialState: Form.State(), model: Form())
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 3)) {
      Box {
        SecureField("Password", binding: store.binding(\.password, send: Form.Intent.password))
      }
    }
    terminal.type("漢字🇯🇵e\u{301}")
    #expect(store.password == "漢字🇯🇵e\u{301}")
    #expect(terminal.grid.line(1) == "│••••" + String(repeating: " ", count: 14) + "│")
    #expect(terminal.cursor == Grid.Position(column: 5, row: 1))
    #expect(!terminal.grid.description.contains("漢"))
  }

  @Test func aWideCharacterCutByABoxEdgeBecomesASpace() {
    let grid = TerminalSnapshot.render(
      VStack {
        Box { Text("ab漢字").lineLimit(1) }.frame(width: 5)
        Box("漢字漢字") { Text("x") }.frame(width: 9)
      }, size: Size(width: 10, height: 6))
    // Text cut short ends in an ellipsis, which takes the place of 漢 rather than half of it.
    #expect(grid.line(1) == "│ab…│     ")
    #expect(grid[4, 1].character == "│")
    // The title's room ends a column before the corner: the second 漢 would straddle it, so
    // it gives way to the ellipsis.
    #expect(grid.line(3) == "┌ 漢字…─┐ ")
    expectWellFormed(grid)
  }

  @Test func cjkTextWrapsByWidth() {
    let grid = TerminalSnapshot.render(
      VStack {
        Text("漢字かなカナ漢字")
        Text("hello 世界 world")
        Text("🚀🚀🚀")
      }, size: Size(width: 5, height: 9))
    #expect(
      grid.text.map { $0.trimmingSuffix() } == [
        "漢字", "かな", "カナ", "漢字", "hello", "世界", "world", "🚀🚀", "🚀",
      ])
    expectWellFormed(grid)
  }

  @Test func wideTextMeasuresByWidthInStacks() {
    let grid = TerminalSnapshot.render(
      HStack(spacing: 0) {
        Text("漢字")
        Text("|")
        Text("🇯🇵")
        Text("|")
      }, size: Size(width: 10, height: 1))
    #expect(grid.position(of: "|")?.column == 4)
    #expect(grid.line(0) == "漢字|🇯🇵|  ")
  }

  /// An alert's frame drawn over wide text cuts some characters in half, at either parity of
  /// the screen width; what is left of them must be blanked, not left as half a character.
  @Test func anOverlayCuttingWideCharactersLeavesNoHalves() {
    for width in [40, 41] {
      let terminal = HeadlessTerminal(size: Size(width: width, height: 9)) {
        VStack {
          for _ in 0..<9 { Text(String(repeating: "漢", count: 30)).lineLimit(1) }
        }
      }
      terminal.present(.alert(title: "注意", message: "絵文字 🚀 and text"))
      let grid = terminal.grid
      #expect(grid.contains("注意"))
      expectWellFormed(grid)
      for row in 0..<grid.size.height {
        #expect(grid.line(row).terminalWidth == width)
      }
      #expect(!terminal.nextFrameBytes().isEmpty)
    }
  }
}

/// Every wide character is followed by its continuation cell, and every continuation cell
/// follows a wide character: what the renderer relies on to keep the cursor in step.
func expectWellFormed(_ grid: Grid, sourceLocation: SourceLocation = #_sourceLocation) {
  for row in 0..<grid.size.height {
    for column in 0..<grid.size.width {
      let cell = grid[column, row]
      if cell.isContinuation {
        #expect(
          column > 0 && grid[column - 1, row].character?.terminalWidth == 2,
          "orphan continuation at \(column), \(row)", sourceLocation: sourceLocation)
      } else if cell.character?.terminalWidth == 2 {
        #expect(
          column + 1 < grid.size.width && grid[column + 1, row].isContinuation,
          "half a wide character at \(column), \(row)", sourceLocation: sourceLocation)
      }
    }
  }
}
