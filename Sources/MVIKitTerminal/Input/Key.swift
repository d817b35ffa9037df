/// A key press, or a paste, decoded from terminal input.
public enum Key: Hashable, Sendable {
  /// A printable character, including space.
  case char(Character)
  /// A letter pressed with Control, such as `.ctrl("c")`; always lowercase.
  case ctrl(Character)
  /// A character pressed with Alt (Meta), sent by terminals as Escape and the character.
  case alt(Character)
  /// Return.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace.
  case backspace
  /// Forward delete.
  case delete
  /// Escape.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Insert.
  case insert
  /// A function key, F1 to F12.
  case function(Int)
  /// Text pasted as a whole (bracketed paste), never interpreted as key bindings.
  case paste(String)

  /// The space bar.
  public static let space = Key.char(" ")

  /// A short label for help bars: `↑`, `Enter`, `^C`, `q`.
  public var label: String {
    switch self {
    case .char(" "): return "Space"
    case .char(let character): return String(character)
    case .ctrl(let character): return "^" + String(character).uppercased()
    case .alt(let character): return "M-" + String(character)
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "S-Tab"
    case .backspace: return "Bksp"
    case .delete: return "Del"
    case .escape: return "Esc"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .insert: return "Ins"
    case .function(let number): return "F\(number)"
    case .paste: return "Paste"
    }
  }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A character key written as a literal: `"q"` is `.char("q")`.
  public init(extendedGraphemeClusterLiteral value: Character) {
    self = .char(value)
  }
}
