/// The editing keys of a one-line text field, as a pure function of text and cursor.
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
    var characters = Array(text)
    var cursor = min(max(0, cursor), characters.count)
    switch key {
    case .char(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .paste(let pasted):
      // One line only: line breaks in pasted text become spaces.
      let inserted = pasted.map { $0 == "\n" || $0 == "\r\n" || $0 == "\t" ? " " : $0 }
      characters.insert(contentsOf: inserted, at: cursor)
      cursor += inserted.count
    case .backspace:
      guard cursor > 0 else { return Result(text: text, cursor: cursor) }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .ctrl("d"):
      guard cursor < characters.count else { return Result(text: text, cursor: cursor) }
      characters.remove(at: cursor)
    case .left, .ctrl("b"): cursor = max(0, cursor - 1)
    case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .ctrl("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .ctrl("k"): characters.removeLast(characters.count - cursor)
    case .ctrl("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default:
      return nil
    }
    // A mark, joiner or variation selector inserted after a character merges with it into one
    // grapheme (e + ◌́ is é), so count again to keep the cursor on a character boundary.
    return Result(text: String(characters), cursor: String(characters[..<cursor]).count)
  }
}
