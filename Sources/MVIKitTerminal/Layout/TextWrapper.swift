/// Breaks a line into lines of at most a given number of columns (display width, so 漢 counts
/// 2), at spaces where it can.
enum TextWrapper {
  static func wrap(_ line: String, width: Int) -> [String] {
    guard width > 0 else { return [line] }
    guard line.terminalWidth > width else { return [line] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = word.reduce(0) { $0 + $1.terminalWidth }
      let needed = currentWidth == 0 ? wordWidth : currentWidth + 1 + wordWidth
      if needed <= width {
        if currentWidth > 0 || !current.isEmpty { current += " " }
        current += word
        currentWidth = needed
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = ""
      currentWidth = 0
      // A word longer than the line is cut where it must be, by columns: CJK text has no
      // spaces, so this is where it wraps. A line too narrow for even one wide character still
      // takes it (drawing clips it to a space) rather than an empty line before it.
      for character in word {
        let characterWidth = character.terminalWidth
        if currentWidth > 0, currentWidth + characterWidth > width {
          lines.append(current)
          current = ""
          currentWidth = 0
        }
        current.append(character)
        currentWidth += characterWidth
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` cut to `width` columns, with `…` in the last column when it had to be cut.
  static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.terminalWidth > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = character.terminalWidth
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }
}
