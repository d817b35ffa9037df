/// How many colours the terminal can show, and so which colour sequences ``FrameRenderer``
/// writes.
///
/// Colours a mode cannot show are approximated: see ``Color/approximation(for:)``.
public enum ColorMode: Hashable, Sendable, CaseIterable {
  /// 24-bit colour: `ESC [ 38;2;r;g;b m`.
  case trueColor
  /// The 256-colour palette, `ESC [ 38;5;n m`; 24-bit colours become the nearest palette
  /// colour.
  case palette256
  /// The 16 ANSI colours, `ESC [ 31 m` and `ESC [ 91 m`; other colours become the nearest of
  /// them.
  case palette16
  /// No colour at all, as `NO_COLOR` asks; bold, dim, underline, reverse and the other
  /// attributes are still drawn, so focus and selection stay visible.
  case noColor
  /// No styling at all, neither colours nor attributes, for terminals that understand none
  /// (`TERM=dumb`): every cell is drawn as ``Style/plain``.
  case plain

  /// The mode that the environment asks for, following the common conventions:
  ///
  /// | Environment | Mode |
  /// | --- | --- |
  /// | `FORCE_COLOR` `1` or `true` (or any other value but those below) | ``palette16`` |
  /// | `FORCE_COLOR=2` | ``palette256`` |
  /// | `FORCE_COLOR=3` (or more) | ``trueColor`` |
  /// | `FORCE_COLOR` `0` or `false` | ``noColor`` (``plain`` with `TERM=dumb`) |
  /// | `TERM=dumb` | ``plain`` |
  /// | `NO_COLOR` not empty | ``noColor`` |
  /// | `COLORTERM` `truecolor` or `24bit` | ``trueColor`` |
  /// | `TERM` ending in `-direct`, or with `truecolor` or `24bit` in it | ``trueColor`` |
  /// | `TERM` with `256color` in it (`xterm-256color`, `tmux-256color`) | ``palette256`` |
  /// | `TERM` a DEC VT (`vt100`, `vt220`) or ending in `-mono` or `-m` | ``noColor`` |
  /// | any other `TERM` (`xterm`, `screen`, `tmux`, `linux`), empty or unset | ``palette16`` |
  ///
  /// The rows are tried in order. An empty `FORCE_COLOR` or `NO_COLOR` counts as unset.
  /// `FORCE_COLOR` comes first, as in Node.js and force-color.org: it is set for one run to
  /// override what the environment says, while `NO_COLOR` is a standing preference.
  /// An unknown or missing `TERM` gets the 16 colours because the process is still attached
  /// to a terminal (`TerminalApp` checks), nearly every terminal emulator shows them, and
  /// losing all colour over a variable that a service manager or `env -i` dropped would be
  /// the worse mistake.
  public static func detect(environment: [String: String]) -> ColorMode {
    let term = environment["TERM"]?.lowercased() ?? ""
    if let forced = forcedMode(environment["FORCE_COLOR"]) {
      return forced == .noColor && term == "dumb" ? .plain : forced
    }
    if term == "dumb" { return .plain }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .noColor }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm.contains("truecolor") || colorTerm.contains("24bit") { return .trueColor }
    if term.hasSuffix("-direct") || term.contains("truecolor") || term.contains("24bit") {
      return .trueColor
    }
    if term.contains("256color") { return .palette256 }
    if isMonochrome(term) { return .noColor }
    return .palette16
  }

  private static func forcedMode(_ value: String?) -> ColorMode? {
    guard let value = value?.lowercased(), !value.isEmpty else { return nil }
    // `false` is level 0. force-color.org: any other value forces colour, so one that is not a
    // number (`true`, or one unknown) means basic colours.
    switch value == "false" ? 0 : Int(value) ?? 1 {
    case ...0: return .noColor
    case 1: return .palette16
    case 2: return .palette256
    default: return .trueColor
    }
  }

  private static func isMonochrome(_ term: String) -> Bool {
    // DEC's VT terminals had attributes but no colour; terminfo names monochrome variants
    // with these suffixes.
    if term.hasPrefix("vt"), term.dropFirst(2).first?.isNumber == true { return true }
    return term.hasSuffix("-mono") || term.hasSuffix("-m")
  }

  /// `style` as this mode draws it: its colours approximated, or left out.
  func resolve(_ style: Style) -> Style {
    switch self {
    case .trueColor: return style
    case .palette256, .palette16:
      return Style(
        foreground: style.foreground.approximation(for: self),
        background: style.background.approximation(for: self), attributes: style.attributes)
    case .noColor: return Style(attributes: style.attributes)
    case .plain: return .plain
    }
  }
}

extension Color {
  /// The colour that `mode` shows for this one.
  ///
  /// - ``ColorMode/trueColor``: the colour itself.
  /// - ``ColorMode/palette256``: the nearest palette colour (``paletteApproximation``):
  ///   the nearer, by squared RGB distance, of the closest 6×6×6 cube colour and the closest
  ///   grey of the ramp.
  /// - ``ColorMode/palette16``: the nearest of the 16 ANSI colours by squared RGB distance,
  ///   taking xterm's default RGB for them and for the other palette colours; 0–15 stay as
  ///   they are.
  /// - ``ColorMode/noColor``, ``ColorMode/plain``: ``default``.
  public func approximation(for mode: ColorMode) -> Color {
    switch (mode, self) {
    case (.trueColor, _), (_, .default): return self
    case (.palette256, _): return paletteApproximation
    case (.palette16, .palette(let index)) where index < 16: return self
    case (.palette16, .palette(let index)): return .palette(Self.nearestANSI(Self.rgb(index)))
    case (.palette16, .rgb(let r, let g, let b)):
      return .palette(Self.nearestANSI((Int(r), Int(g), Int(b))))
    case (.noColor, _), (.plain, _): return .default
    }
  }

  /// xterm's default RGB for the 16 ANSI colours; themes change them, but a nearest match
  /// needs some reference, and this is the most common one.
  private static let ansiRGB: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The RGB of palette colour `index`, as xterm draws it by default.
  private static func rgb(_ index: UInt8) -> (Int, Int, Int) {
    switch index {
    case 0..<16:
      return ansiRGB[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    default:
      let grey = 8 + 10 * (Int(index) - 232)
      return (grey, grey, grey)
    }
  }

  /// The first of the nearest, as `min(by:)` keeps the first of equals.
  private static func nearestANSI(_ color: (Int, Int, Int)) -> UInt8 {
    UInt8(ansiRGB.indices.min { distance(ansiRGB[$0], color) < distance(ansiRGB[$1], color) }!)
  }
}

extension ColorMode {
  /// Whether the mode shows any colour at all.
  package var showsColor: Bool { self != .noColor && self != .plain }
}
