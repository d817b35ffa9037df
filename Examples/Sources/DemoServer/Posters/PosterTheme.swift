import Foundation

/// What each poster shows.
enum PosterTheme: CaseIterable {
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
      var random = PosterRandom(seed: 7)
      for _ in 0..<25 {
        let radius = random.next(in: 2...8)
        canvas.ring(
          x: random.next(in: 10...(width - 10)), y: random.next(in: 20...250), radius: radius,
          color: RGB(200, 240, 255))
      }
    case .orbit:
      canvas.verticalGradient(from: RGB(0, 0, 10), to: RGB(20, 20, 70))
      var random = PosterRandom(seed: 42)
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
      var random = PosterRandom(seed: 3)
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
      var random = PosterRandom(seed: 11)
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

/// A tiny deterministic generator, so every server draws the same posters.
struct PosterRandom {
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
