import Foundation

/// An RGB drawing surface.
struct Canvas {
  let width: Int
  let height: Int
  private var pixels: [UInt8]

  /// The pixels, three bytes each, row by row.
  var rgb: [UInt8] { pixels }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 3)
  }

  mutating func plot(x: Int, y: Int, _ color: RGB) {
    guard (0..<width).contains(x), (0..<height).contains(y) else { return }
    let index = (y * width + x) * 3
    let values = [color.red, color.green, color.blue]
    for channel in 0..<3 {
      let old = Double(pixels[index + channel])
      let new = old + (values[channel] - old) * color.opacity
      pixels[index + channel] = UInt8(max(0, min(255, new.rounded())))
    }
  }

  /// Paints every pixel for which `shader` returns a colour; it gets the pixel's centre.
  mutating func fill(_ shader: (Double, Double) -> RGB?) {
    for y in 0..<height {
      for x in 0..<width {
        if let color = shader(Double(x) + 0.5, Double(y) + 0.5) { plot(x: x, y: y, color) }
      }
    }
  }

  mutating func verticalGradient(from top: RGB, to bottom: RGB) {
    let height = Double(height)
    fill { _, y in top.mixed(with: bottom, y / height) }
  }

  mutating func rect(x: Int, y: Int, width: Int, height: Int, color: RGB) {
    for row in y..<(y + max(0, height)) {
      for column in x..<(x + max(0, width)) { plot(x: column, y: row, color) }
    }
  }

  mutating func circle(x: Double, y: Double, radius: Double, _ shader: (Double, Double) -> RGB?) {
    fill { px, py in
      hypot(px - x, py - y) <= radius ? shader(px, py) : nil
    }
  }

  mutating func ring(x: Double, y: Double, radius: Double, color: RGB) {
    fill { px, py in
      abs(hypot(px - x, py - y) - radius) < 0.8 ? color.alpha(0.8) : nil
    }
  }

  /// The back (upper) or front (lower) half of an elliptical band.
  mutating func ellipseBand(
    x: Double, y: Double, radiusX: Double, radiusY: Double, thickness: Double, color: RGB,
    behind: Bool
  ) {
    fill { px, py in
      guard behind == (py < y) else { return nil }
      let distance = hypot((px - x) / radiusX, (py - y) / radiusY)
      return abs(distance - 1) * radiusY < thickness / 2 ? color : nil
    }
  }

  /// Writes `text` in the bitmap font on a dark band at the bottom, wrapping at spaces.
  mutating func title(_ text: String) {
    let scale = 3
    let advance = (BitmapFont.glyphWidth + 1) * scale
    let perLine = max(1, (width - 16) / advance)
    var lines: [String] = []
    for word in text.split(separator: " ") {
      if let last = lines.last, last.count + 1 + word.count <= perLine {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(String(word.prefix(perLine)))
      }
    }
    let lineHeight = (BitmapFont.glyphHeight + 3) * scale
    let bandHeight = lines.count * lineHeight + 2 * scale * 3
    let bandTop = height - bandHeight
    fill { _, y in y > Double(bandTop) ? RGB(0, 0, 0).alpha(0.55) : nil }
    for (number, line) in lines.enumerated() {
      let left = (width - line.count * advance + scale) / 2
      let top = bandTop + scale * 4 + number * lineHeight
      for (offset, character) in line.enumerated() {
        let originX = left + offset * advance
        // A drop shadow, then the letter.
        draw(
          character, x: originX + scale / 2 + 1, y: top + scale / 2 + 1, scale: scale,
          color: RGB(0, 0, 0))
        draw(character, x: originX, y: top, scale: scale, color: RGB(255, 250, 235))
      }
    }
  }

  private mutating func draw(_ character: Character, x: Int, y: Int, scale: Int, color: RGB) {
    let rows = BitmapFont.glyph(character)
    for (row, bits) in rows.enumerated() {
      for column in 0..<BitmapFont.glyphWidth
      where bits & (1 << (BitmapFont.glyphWidth - 1 - column)) != 0 {
        rect(x: x + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
      }
    }
  }
}

/// A 5×7 pixel font of capitals, digits and a little punctuation, drawn for these posters.
private enum BitmapFont {
  static let glyphWidth = 5
  static let glyphHeight = 7

  /// Each glyph is seven rows, top first; `#` is ink.
  private static let drawings: [Character: String] = [
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "####. ....# ....# .###. ....# ....# ####.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": ".###. #.... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ....# .###.",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "-": "..... ..... ..... .###. ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    "'": "..#.. ..#.. .#... ..... ..... ..... .....",
    " ": "..... ..... ..... ..... ..... ..... .....",
  ]

  private static let glyphs: [Character: [UInt8]] = drawings.mapValues { drawing in
    drawing.split(separator: " ").map { row in
      row.reduce(UInt8(0)) { bits, pixel in bits << 1 | (pixel == "#" ? 1 : 0) }
    }
  }

  /// The rows of a character's glyph; unknown characters draw as `?`.
  static func glyph(_ character: Character) -> [UInt8] {
    let upper = character.uppercased().first ?? character
    return glyphs[upper] ?? glyphs["?"] ?? []
  }
}

/// A colour.
struct RGB: Sendable {
  var red: Double
  var green: Double
  var blue: Double
  var opacity = 1.0

  init(_ red: Int, _ green: Int, _ blue: Int) {
    self.red = Double(red)
    self.green = Double(green)
    self.blue = Double(blue)
  }

  func mixed(with other: RGB, _ amount: Double) -> RGB {
    let t = max(0, min(1, amount))
    var mix = self
    mix.red += (other.red - red) * t
    mix.green += (other.green - green) * t
    mix.blue += (other.blue - blue) * t
    return mix
  }

  func alpha(_ opacity: Double) -> RGB {
    var color = self
    color.opacity = opacity
    return color
  }
}
