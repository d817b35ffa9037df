/// How `Image` views reach the screen.
public enum GraphicsMode: String, Sendable, CaseIterable {
  /// Two pixels per cell with the upper half block `▀`: works in every colour terminal.
  case halfBlocks = "blocks"
  /// The real pixels, through the kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty

  /// The mode for a terminal: `MVIKIT_GRAPHICS` (`kitty` or `blocks`) when set; half blocks
  /// inside tmux or screen, which do not pass the protocol on, and on `TERM=dumb`; otherwise
  /// kitty only when the terminal answers the protocol's query.
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - probe: Sends ``KittyGraphicsProbe/query`` and returns what the terminal answered;
  ///     called only when the environment does not decide.
  public static func detect(
    environment: [String: String], probe: () -> [UInt8]
  ) -> GraphicsMode {
    if let forced = environment["MVIKIT_GRAPHICS"].flatMap(GraphicsMode.init(rawValue:)) {
      return forced
    }
    let term = environment["TERM"] ?? ""
    if environment["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen")
      || term == "dumb" || term.isEmpty
    {
      return .halfBlocks
    }
    return KittyGraphicsProbe.supportsKitty(probe()) == true ? .kitty : .halfBlocks
  }
}

extension GraphicsMode {
  /// Why images may not show in `mode` here: kitty graphics forced inside tmux or screen,
  /// which do not pass the protocol on. Images then show the reason in their place, with
  /// `halfBlocksHint`, how the user asks for half blocks instead.
  public static func note(
    for mode: GraphicsMode, environment: [String: String],
    halfBlocksHint: String = "MVIKIT_GRAPHICS=blocks"
  ) -> String? {
    guard mode == .kitty else { return nil }
    let term = environment["TERM"] ?? ""
    let multiplexer =
      environment["TMUX"] != nil || term.hasPrefix("tmux")
      ? "tmux" : term.hasPrefix("screen") ? "screen" : nil
    guard let multiplexer else { return nil }
    return "Not shown: \(multiplexer) does not pass kitty graphics on. "
      + "Use half blocks (\(halfBlocksHint))."
  }
}

/// The question that tells a kitty-graphics terminal from others: a one-pixel query image,
/// then a primary device attributes request that every terminal answers. A terminal with the
/// protocol answers the query first.
public enum KittyGraphicsProbe {
  /// The bytes to send.
  public static let query: [UInt8] = Array(
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

  /// Whether `answer` shows kitty graphics support: true once the query's `OK` is in it,
  /// false once the device attributes reply came without it, nil while neither has arrived.
  public static func supportsKitty(_ answer: [UInt8]) -> Bool? {
    let text = String(decoding: answer, as: UTF8.self)
    if text.contains("\u{1B}_Gi=31;OK") { return true }
    // The device attributes reply: ESC [ ? … c.
    if let start = text.firstRange(of: "\u{1B}[?"), text[start.upperBound...].contains("c") {
      return false
    }
    return nil
  }
}
