/// A terminal colour.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background colour.
  case `default`
  /// One of the 256 palette colours; 0–15 are the themeable ANSI colours.
  case palette(UInt8)
  /// A 24-bit colour; terminals without truecolor get the nearest palette colour.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black.
  public static let black = Color.palette(0)
  /// ANSI red.
  public static let red = Color.palette(1)
  /// ANSI green.
  public static let green = Color.palette(2)
  /// ANSI yellow.
  public static let yellow = Color.palette(3)
  /// ANSI blue.
  public static let blue = Color.palette(4)
  /// ANSI magenta.
  public static let magenta = Color.palette(5)
  /// ANSI cyan.
  public static let cyan = Color.palette(6)
  /// ANSI white (light grey on most themes).
  public static let white = Color.palette(7)
  /// ANSI bright black (dark grey).
  public static let gray = Color.palette(8)
  /// ANSI bright white.
  public static let brightWhite = Color.palette(15)

  /// The nearest of the 256 palette colours, for terminals without truecolor.
  public var paletteApproximation: Color {
    guard case .rgb(let r, let g, let b) = self else { return self }
    return .palette(Self.nearestPaletteIndex(r, g, b))
  }

  /// The six intensities of each channel of the 6×6×6 colour cube (palette 16–231).
  static let cubeLevels = [0, 95, 135, 175, 215, 255]

  private static func nearestPaletteIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    // The 6×6×6 cube (16–231) and the grey ramp (232–255) cover the range; compare both.
    let levels = cubeLevels
    // The first of the nearest levels, as `min(by:)` keeps the first of equals.
    func cubeStep(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
    }
    let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
    let cubeDistance = distance((levels[cr], levels[cg], levels[cb]), (Int(r), Int(g), Int(b)))
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let greyStep = min(23, max(0, (average - 8 + 5) / 10))
    let grey = 8 + greyStep * 10
    let greyDistance = distance((grey, grey, grey), (Int(r), Int(g), Int(b)))
    if greyDistance < cubeDistance { return UInt8(232 + greyStep) }
    return UInt8(16 + 36 * cr + 6 * cg + cb)
  }

  /// The squared distance between two RGB colours.
  static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let dr = a.0 - b.0
    let dg = a.1 - b.1
    let db = a.2 - b.2
    return dr * dr + dg * dg + db * db
  }
}
