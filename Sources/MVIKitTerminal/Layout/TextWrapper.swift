/// Breaks a line into lines of at most a given number of columns (display width, so 漢 counts
/// 2), at spaces where it can.
enum TextWrapper {
  /// `text` wrapped to `width`, each `\n` starting a new line.
  static func wrapLines(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      wrap(String($0), width: width)
    }
  }

  static func wrap(_ line: String, width: Int) -> [String] {
    guard width > 0 else { return [line] }
    guard line.terminalWidth > width else { return [line] }
    var lines: [String] = []
    // The indent stays on the first line: it lines an entry up with its neighbours.
    let indent = line.prefix { $0 == " " }
    var current = String(indent)
    var currentWidth = indent.count
    var needsSpace = false
    let words = line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false)
    for word in words {
      let wordWidth = word.reduce(0) { $0 + $1.terminalWidth }
      let needed = needsSpace ? currentWidth + 1 + wordWidth : currentWidth + wordWidth
      if needed <= width {
        if needsSpace { current += " " }
        current += word
        currentWidth = needed
        needsSpace = true
        continue
      }
      // A word too long for the rest of an indented first line starts there all the same:
      // a line of nothing but the indent would push the text down a row.
      if needsSpace || lines.count > 0 || indent.isEmpty {
        if !current.isEmpty { lines.append(current) }
        current = ""
        currentWidth = 0
      }
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
      needsSpace = !current.isEmpty
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// The first `height` of `lines`, each cut to `width` columns; when lines are left over or
  /// cut, the last one shown ends in `…`, so the reader sees that there is more.
  static func fit(_ lines: [String], width: Int, height: Int) -> [String] {
    var shown = lines.prefix(max(0, height)).map { truncate($0, width: width) }
    guard let last = shown.indices.last, lines.count > shown.count else { return shown }
    let joined = lines[last] + " " + lines[last + 1]
    shown[last] =
      joined.terminalWidth > width ? truncate(joined, width: width) : lines[last] + "…"
    return shown
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
