import MVIKitTerminal

@MainActor
enum TerminalCases {
  /// A 1,000-row list frame: full redraw against the diff after one row changes.
  static func render() -> [Row] {
    let size = Size(width: 100, height: 1_000)
    let renderer = FrameRenderer(colorMode: .trueColor)
    let before = listFrame(size: size, selected: 10, changedRow: nil)
    let after = listFrame(size: size, selected: 10, changedRow: 500)
    let fullBytes = renderer.render(before).count
    let diffBytes = renderer.diff(from: before, to: after).count
    let n = 200
    let full = measure(n) { n in
      for _ in 0..<n { blackHole(renderer.render(after)) }
    }
    let update = measure(n) { n in
      for _ in 0..<n { blackHole(renderer.diff(from: before, to: after)) }
    }
    let share = Double(diffBytes) / Double(fullBytes)
    return [
      Row(
        name: "8a. terminal bytes: 1 of 1,000 rows changed", nanoseconds: Double(diffBytes),
        floorName: "full redraw bytes", floorNanoseconds: Double(fullBytes), allocations: 0,
        target: "≤ 5% of bytes", met: share <= 0.05,
        note: String(format: "%.2f%%", share * 100)),
      Row(
        name: "8b. terminal time: diff frame", nanoseconds: update.ns, floorName: "full redraw",
        floorNanoseconds: full.ns, allocations: update.allocs, target: "< 16 ms per frame",
        met: update.ns < 16_000_000 && full.ns < 16_000_000),
    ]
  }

  /// Evaluating a screen with a 1,000-item list and laying it out into a grid: the work of one
  /// frame before its bytes are written.
  static func viewFrame() -> Row {
    let items = (0..<1_000).map { "row \($0) — a list item" }
    let n = 200
    let terminal = HeadlessTerminal(size: Size(width: 100, height: 50)) {
      VStack {
        Text("Items").bold()
        List(items, selection: 500, onSelect: { _ in }) { item, isSelected in
          Text(item).foreground(isSelected ? .cyan : .default)
        }
        HelpBar()
      }
    }
    let frame = measure(n) { n in
      for _ in 0..<n { blackHole(terminal.grid) }
    }
    return Row(
      name: "8c. terminal time: view → grid, 1,000-item list", nanoseconds: frame.ns,
      floorName: "16 ms frame budget", floorNanoseconds: 16_000_000, allocations: frame.allocs,
      target: "well under 16 ms", met: frame.ns < 1_600_000)
  }

  /// Laying out a 100×50 screen of wrapped text and diffing it against the frame before, with
  /// the words moved on by one each frame so every row changes: mixed CJK, emoji and ASCII,
  /// beside the same screen with each character replaced by as many ASCII letters as it has
  /// columns, so both lay out into the same cells.
  static func wideTextFrame() -> Row {
    let words = [
      "漢字", "🚀", "hello", "世界", "✅", "terminal", "👩‍👩‍👧", "カナ", "🇯🇵", "width", "한글", "☕",
      "e\u{301}tude", "❤\u{FE0F}", "表示幅", "👍🏽", "grid", "🫠", "テキスト", "1\u{FE0F}\u{20E3}",
    ]
    let ascii = words.map { word in
      String(word.flatMap { Array(repeating: Character("w"), count: $0.terminalWidth) })
    }
    let n = 200
    let mixed = measure(n, wrappedTextFrames(words))
    let plain = measure(n, wrappedTextFrames(ascii))
    return Row(
      name: "8d. terminal time: frame full of emoji and CJK text", nanoseconds: mixed.ns,
      floorName: "the same screen in ASCII", floorNanoseconds: plain.ns,
      allocations: mixed.allocs, target: "< 16 ms per frame", met: mixed.ns < 16_000_000)
  }

  /// A body for ``measure(_:repeats:_:)`` that lays out and diff-renders `n` frames of `words`.
  private static func wrappedTextFrames(_ words: [String]) -> (Int) -> Void {
    let size = Size(width: 100, height: 50)
    // Enough words to fill the screen whatever their widths.
    let count = size.width * size.height / 3
    let frame = FrameNumber()
    let terminal = HeadlessTerminal(size: size) {
      Text(
        (0..<count).map { words[($0 + frame.value) % words.count] }.joined(separator: " "))
    }
    _ = terminal.nextFrameBytes()
    return { n in
      for _ in 0..<n {
        frame.value += 1
        blackHole(terminal.nextFrameBytes())
      }
    }
  }

  private final class FrameNumber {
    var value = 0
  }

  private static func listFrame(size: Size, selected: Int, changedRow: Int?) -> Grid {
    var grid = Grid(size: size)
    let plain = Style.plain
    var highlighted = Style.plain
    highlighted.attributes.insert(.reverse)
    for row in 0..<size.height {
      let text = row == changedRow ? "▶ row \(row) — edited just now" : "  row \(row) — unchanged"
      let style = row == selected ? highlighted : plain
      for (column, character) in text.enumerated() where column < size.width {
        grid[column, row] = Cell(character, style: style)
      }
    }
    return grid
  }
}
