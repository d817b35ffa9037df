/// The editing keys of a one-line text field, and those a text area shares with it, as pure
/// functions of text and cursor.
enum TextEditing {
  struct Result: Equatable {
    var text: String
    var cursor: Int
  }

  /// What `key` does to `text` with the cursor before character `cursor`; nil when the key is
  /// not an editing key.
  ///
  /// The cursor counts characters (graphemes), not columns or scalars: ←, →, Backspace and
  /// Delete step over a whole 👍🏽 or 🇯🇵, which a user sees and expects to treat as one.
  static func apply(_ key: Key, text: String, cursor: Int) -> Result? {
    let characters = Array(text)
    return edit(key, characters, cursor: min(max(0, cursor), characters.count), multiline: false)
  }

  /// What `key` does to `text` with the cursor before character `cursor`, which is within it;
  /// nil when the key is not an editing key.
  ///
  /// With `multiline` (a ``TextArea``), Enter starts a new line, pasted line breaks are kept,
  /// Home/End, ^A/^E, ^K and ^U work on the line between line breaks, and ^K at the end of a
  /// line joins the next one; without it, all the text is one line.
  static func edit(_ key: Key, _ text: [Character], cursor: Int, multiline: Bool) -> Result? {
    var characters = text
    var cursor = cursor
    // The start and end of the line holding the cursor: between line breaks, or all the text.
    func lineStart() -> Int {
      multiline ? text[..<cursor].lastIndex(where: \.isNewline).map { $0 + 1 } ?? 0 : 0
    }
    func lineEnd() -> Int {
      multiline ? text[cursor...].firstIndex(where: \.isNewline) ?? text.count : text.count
    }
    switch key {
    case .char(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .enter where multiline:
      characters.insert("\n", at: cursor)
      cursor += 1
    case .paste(let pasted):
      // In a field, line breaks and tabs in pasted text become spaces.
      let inserted: [Character] =
        multiline
        ? TextAreaEditing.normalized(pasted)
        : pasted.map { $0 == "\n" || $0 == "\r\n" || $0 == "\t" ? " " : $0 }
      characters.insert(contentsOf: inserted, at: cursor)
      cursor += inserted.count
    case .backspace:
      guard cursor > 0 else { break }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .ctrl("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left, .ctrl("b"): cursor = max(0, cursor - 1)
    case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
    case .home, .ctrl("a"): cursor = lineStart()
    case .end, .ctrl("e"): cursor = lineEnd()
    case .ctrl("k"):
      let end = lineEnd()
      // At the end of a line there is nothing left on it, so the line break goes, joining
      // the next line, as in Emacs.
      characters.removeSubrange(cursor..<(end == cursor ? min(end + 1, characters.count) : end))
    case .ctrl("u"):
      let start = lineStart()
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .ctrl("w"):
      let start = wordStart(text, before: cursor, multiline: multiline)
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return nil
    }
    // A mark, joiner or variation selector inserted after a character merges with it into one
    // grapheme (e + ◌́ is é), so count again to keep the cursor on a character boundary.
    return Result(text: String(characters), cursor: String(characters[..<cursor]).count)
  }

  /// Where ^W starts deleting: back over spaces, then over the word. In a text area, at the
  /// start of a line only the line break goes, so one ^W never eats into the line above.
  private static func wordStart(_ text: [Character], before cursor: Int, multiline: Bool) -> Int {
    // A field's words are split by spaces, an area's by any white space.
    let isSpace: (Character) -> Bool = multiline ? { $0.isWhitespace } : { $0 == " " }
    var start = cursor
    while start > 0, isSpace(text[start - 1]), !text[start - 1].isNewline { start -= 1 }
    while start > 0, !isSpace(text[start - 1]) { start -= 1 }
    return start == cursor ? max(0, cursor - 1) : start
  }
}
