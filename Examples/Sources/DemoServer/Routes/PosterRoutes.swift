import Foundation
import Hummingbird

extension DemoServer {
  /// The titles of the posters served under `/posters`, in index order.
  public static var posterTitles: [String] { PosterGallery.shared.map(\.title) }
}

/// `GET /posters` (a JSON list of titles), `GET /posters/random` and `GET /posters/{index}`
/// (a poster with its title in `X-Poster-Title` and its format in `X-Poster-Format`).
///
/// `random` picks the poster and its format (PNG, progressive JPEG or WebP) at random;
/// `{index}` sends PNG unless `?format=jpeg|webp|png` asks otherwise. The posters are drawn in
/// code and encoded once, the first time a server starts.
struct PosterRoutes: Sendable {
  struct Listed: Encodable {
    let index: Int
    let title: String
  }

  let posters = PosterGallery.shared

  func register(on router: Router<BasicRequestContext>) {
    router.get("posters") { _, _ in
      JSONResponse.make(
        posters.enumerated().map { Listed(index: $0.offset, title: $0.element.title) })
    }
    router.get("posters/random") { _, _ in
      guard let index = posters.indices.randomElement(),
        let format = PosterFormat.allCases.randomElement()
      else {
        return JSONResponse.error("No posters could be drawn", status: .serviceUnavailable)
      }
      return response(for: index, format: format)
    }
    router.get("posters/:index") { request, context in
      let raw = context.parameters.get("index") ?? ""
      guard let index = Int(raw), posters.indices.contains(index) else {
        return JSONResponse.error("No poster \(raw.prefix(40))", status: .notFound)
      }
      let asked = request.uri.queryParameters.get("format") ?? "png"
      guard let format = PosterFormat(rawValue: asked) else {
        return JSONResponse.error("No format \(asked.prefix(20))", status: .badRequest)
      }
      return response(for: index, format: format)
    }
  }

  private func response(for index: Int, format: PosterFormat) -> Response {
    let poster = posters[index]
    guard let file = poster.files[format] else {
      return JSONResponse.error("No \(format.rawValue) file", status: .serviceUnavailable)
    }
    var headers: HTTPFields = [.contentType: format.contentType]
    if let title = HTTPFields.Element.Name("X-Poster-Title") {
      headers[title] = poster.title
    }
    // Where this very poster is, for a client that wants it again (the random route answers
    // with a different one each time).
    headers[.contentLocation] = "/posters/\(index)?format=\(format.rawValue)"
    if let number = HTTPFields.Element.Name("X-Poster-Index") {
      headers[number] = String(index)
    }
    if let name = HTTPFields.Element.Name("X-Poster-Format") {
      headers[name] = format.rawValue
    }
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file)))
  }
}

/// The posters, drawn once per process.
enum PosterGallery {
  struct Entry: Sendable {
    let title: String
    let files: [PosterFormat: [UInt8]]
  }

  static let width = 240
  static let height = 360

  static let shared: [Entry] = Theme.allCases.compactMap { theme in
    var canvas = Canvas(width: width, height: height)
    theme.paint(on: &canvas)
    canvas.title(theme.title)
    var files: [PosterFormat: [UInt8]] = [:]
    for format in PosterFormat.allCases {
      files[format] = PosterEncoder.encode(
        canvas.rgb, width: canvas.width, height: canvas.height, as: format)
    }
    return files.isEmpty ? nil : Entry(title: theme.title, files: files)
  }
}

/// What each poster shows.
private enum Theme: CaseIterable {
  case sunsetDrive, deepBlue, orbit, nightCity, wildWoods, dune

  var title: String {
    switch self {
    case .sunsetDrive: return "SUNSET DRIVE"
    case .deepBlue: return "DEEP BLUE"
    case .orbit: return "ORBIT"
    case .nightCity: return "NIGHT CITY"
    case .wildWoods: return "WILD WOODS"
    case .dune: return "DUNE"
    }
  }

  func paint(on canvas: inout Canvas) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    switch self {
    case .sunsetDrive:
      canvas.verticalGradient(from: RGB(255, 170, 60), to: RGB(120, 30, 120))
      // A striped retro sun half hidden behind the mountains.
      canvas.circle(x: width / 2, y: 170, radius: 70) { _, y in
        Int(y) % 12 < 3 && y > 140
          ? nil : RGB(255, 220, 90).mixed(with: RGB(255, 80, 90), (y - 100) / 140)
      }
      canvas.fill { x, y in
        let ridge = 200 + 35 * abs(sin(x / 38)) + 12 * sin(x / 9)
        return y > ridge ? RGB(60, 20, 80) : nil
      }
      canvas.fill { x, y in
        // A perspective grid on the ground.
        guard y > 250 else { return nil }
        let depth = (y - 250) / (height - 250)
        let line = abs((x - width / 2) / (0.1 + depth)).truncatingRemainder(dividingBy: 40) < 2
        let row = (depth * depth * 30).truncatingRemainder(dividingBy: 1) < 0.12
        return line || row ? RGB(255, 60, 200) : RGB(40, 10, 60)
      }
    case .deepBlue:
      canvas.verticalGradient(from: RGB(20, 120, 200), to: RGB(5, 15, 60))
      for band in 0..<6 {
        let level = 60 + Double(band) * 45
        let shade = RGB(30, 90 + band * 20, 160 + band * 12).mixed(
          with: RGB(5, 15, 60), Double(band) / 7)
        canvas.fill { x, y in
          y > level + 10 * sin(x / 20 + Double(band)) ? shade.alpha(0.35) : nil
        }
      }
      var random = Random(seed: 7)
      for _ in 0..<25 {
        let radius = random.next(in: 2...8)
        canvas.ring(
          x: random.next(in: 10...(width - 10)), y: random.next(in: 20...250), radius: radius,
          color: RGB(200, 240, 255))
      }
    case .orbit:
      canvas.verticalGradient(from: RGB(0, 0, 10), to: RGB(20, 20, 70))
      var random = Random(seed: 42)
      for _ in 0..<160 {
        let brightness = Int(random.next(in: 120...255))
        canvas.plot(
          x: Int(random.next(in: 0...width)), y: Int(random.next(in: 0...height)),
          RGB(brightness, brightness, 255))
      }
      // A shaded planet lit from the upper left, with a tilted ring.
      canvas.ellipseBand(
        x: 120, y: 160, radiusX: 110, radiusY: 26, thickness: 9, color: RGB(230, 190, 120),
        behind: true)
      canvas.circle(x: 120, y: 160, radius: 70) { x, y in
        let light = max(0, 1 - hypot(x - 90, y - 130) / 120)
        return RGB(90, 60, 160).mixed(with: RGB(255, 170, 120), light)
      }
      canvas.ellipseBand(
        x: 120, y: 160, radiusX: 110, radiusY: 26, thickness: 9, color: RGB(230, 190, 120),
        behind: false)
    case .nightCity:
      canvas.verticalGradient(from: RGB(10, 10, 40), to: RGB(90, 40, 110))
      canvas.circle(x: 180, y: 70, radius: 28) { _, _ in RGB(250, 245, 210) }
      var random = Random(seed: 3)
      var x = 0
      while x < canvas.width {
        let buildingWidth = Int(random.next(in: 22...44))
        let top = Int(random.next(in: 130...250))
        let left = x
        canvas.rect(
          x: left, y: top, width: buildingWidth - 2, height: canvas.height - top,
          color: RGB(20, 20, 35))
        for windowY in stride(from: top + 6, to: canvas.height - 8, by: 10) {
          for windowX in stride(from: left + 4, to: left + buildingWidth - 6, by: 8)
          where random.next(in: 0...1) > 0.45 {
            canvas.rect(x: windowX, y: windowY, width: 4, height: 5, color: RGB(255, 210, 100))
          }
        }
        x += buildingWidth
      }
    case .wildWoods:
      canvas.verticalGradient(from: RGB(190, 230, 200), to: RGB(30, 90, 50))
      var random = Random(seed: 11)
      for layer in 0..<4 {
        let base = 190 + Double(layer) * 45
        let color = RGB(30, 110 - layer * 20, 60 - layer * 10)
        for _ in 0..<9 {
          let centre = random.next(in: -10...(width + 10))
          let treeHeight = random.next(in: 70...120)
          canvas.fill { x, y in
            let spread = (y - (base - treeHeight)) * 0.35
            return y <= base && y >= base - treeHeight && abs(x - centre) < spread ? color : nil
          }
        }
        canvas.fill { _, y in y > base ? color : nil }
      }
    case .dune:
      canvas.verticalGradient(from: RGB(120, 190, 240), to: RGB(250, 220, 170))
      canvas.circle(x: 70, y: 90, radius: 34) { _, _ in RGB(255, 250, 220) }
      for layer in 0..<4 {
        let level = 180 + Double(layer) * 40
        let color = RGB(240 - layer * 25, 180 - layer * 25, 110 - layer * 20)
        canvas.fill { x, y in
          y > level + 25 * sin(x / 45 + Double(layer) * 1.7) ? color : nil
        }
      }
    }
  }
}

/// A colour.
private struct RGB: Sendable {
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

/// A tiny deterministic generator, so every server draws the same posters.
private struct Random {
  var state: UInt64

  init(seed: UInt64) {
    state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
  }

  mutating func next(in range: ClosedRange<Double>) -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let unit = Double(state >> 11) / Double(1 << 53)
    return range.lowerBound + (range.upperBound - range.lowerBound) * unit
  }
}

/// An RGB drawing surface.
private struct Canvas {
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
