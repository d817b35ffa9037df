/// A key press, or a paste, decoded from terminal input.
///
/// Most keys have a case of their own. A key held with Shift, Alt or Control that has no case
/// of its own, such as Ctrl-↑ or Shift-F5, is ``modified(_:_:)``; build one with ``with(_:)``,
/// which gives the same value the ``KeyDecoder`` produces:
///
/// ```swift
/// Key.up.with(.ctrl)           // .modified(.up, .ctrl), shown as "C-↑"
/// Key.char("x").with(.ctrl)    // .ctrl("x")
/// Key.char("x").with(.alt)     // .alt("x")
/// Key.tab.with(.shift)         // .backTab
/// ```
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
  /// A key held with modifiers that its own case does not already say, such as Ctrl-↑
  /// (`.modified(.up, .ctrl)`) or Alt-Enter (`.modified(.enter, .alt)`).
  ///
  /// Prefer ``with(_:)`` to writing this case: it never nests, never holds empty modifiers,
  /// and keeps Ctrl-letter as ``ctrl(_:)``, Alt-character as ``alt(_:)`` and Shift-Tab as
  /// ``backTab``, so the key compares equal to the one decoded from the terminal.
  indirect case modified(Key, Modifiers)
  /// A mouse click, release, drag or wheel turn, with where it happened; see ``Mouse``.
  case mouse(Mouse)

  /// The space bar.
  public static let space = Key.char(" ")

  /// Shift, Alt and Control, held with a key.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits; they match xterm's modifier parameter minus one, which the decoder relies on.
    public let rawValue: UInt8

    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt, called Meta or Option on some keyboards.
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let ctrl = Modifiers(rawValue: 1 << 2)
  }

  /// The modifiers held with the key: `.ctrl` for `.ctrl("c")`, `.alt` for `.alt("x")`,
  /// `.shift` for `.backTab`, and those of ``modified(_:_:)``; empty otherwise.
  public var modifiers: Modifiers {
    switch self {
    case .ctrl: return .ctrl
    case .alt: return .alt
    case .backTab: return .shift
    case .modified(let key, let modifiers): return key.modifiers.union(modifiers)
    case .mouse(let mouse): return mouse.modifiers
    default: return []
    }
  }

  /// The key without any modifier: `.up` for Ctrl-↑, `.char("c")` for `.ctrl("c")`, `.tab`
  /// for `.backTab`. Match on it to treat a key the same whatever is held with it.
  public var unmodified: Key {
    switch self {
    case .ctrl(let character), .alt(let character): return .char(character)
    case .backTab: return .tab
    case .modified(let key, _): return key.unmodified
    default: return self
    }
  }

  /// This key with `modifiers` held as well, in the form the ``KeyDecoder`` produces.
  public func with(_ modifiers: Modifiers) -> Key {
    let all = self.modifiers.union(modifiers)
    var rest = all
    let core: Key
    switch unmodified {
    case .char(let character)
    where all.contains(.ctrl) && character.isASCII && character.isLetter:
      core = .ctrl(Character(character.lowercased()))
      rest.remove(.ctrl)
    case .char(let character) where all.contains(.alt) && !all.contains(.ctrl):
      core = .alt(character)
      rest.remove(.alt)
    case .tab where all.contains(.shift):
      core = .backTab
      rest.remove(.shift)
    case let key:
      core = key
    }
    return rest.isEmpty ? core : .modified(core, rest)
  }

  /// A short label for help bars: `↑`, `Enter`, `^C`, `q`, `C-↑`, `S-F5`, `M-Enter`.
  ///
  /// Modifiers use the Emacs prefixes `C-` (Control), `M-` (Alt) and `S-` (Shift), in that
  /// order, except Ctrl-letter, which keeps the caret form terminals themselves print.
  public var label: String {
    switch self {
    case .char(" "): return "Space"
    case .char(let character): return String(character)
    case .ctrl(let character): return "^" + String(character).uppercased()
    case .alt(let character): return "M-" + String(character)
    case .function(let number): return "F\(number)"
    case .paste: return "Paste"
    case .mouse(let mouse): return mouse.isScroll ? "Wheel" : "Click"
    case .modified(let key, let modifiers):
      let prefixes: [(Modifiers, String)] = [(.ctrl, "C-"), (.alt, "M-"), (.shift, "S-")]
      let prefix = prefixes.filter { modifiers.contains($0.0) }.map(\.1).joined()
      return prefix + key.label
    default: return Self.names[self] ?? ""
    }
  }

  /// The labels of the keys that carry no value.
  private static let names: [Key: String] = [
    .enter: "Enter", .tab: "Tab", .backTab: "S-Tab", .backspace: "Bksp", .delete: "Del",
    .escape: "Esc", .up: "↑", .down: "↓", .left: "←", .right: "→", .home: "Home", .end: "End",
    .pageUp: "PgUp", .pageDown: "PgDn", .insert: "Ins",
  ]
}

extension Key: CustomStringConvertible {
  /// The key's ``label``, so logs and test failures read `C-↑` rather than the case tree.
  public var description: String { label }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A character key written as a literal: `"q"` is `.char("q")`.
  public init(extendedGraphemeClusterLiteral value: Character) {
    self = .char(value)
  }
}
