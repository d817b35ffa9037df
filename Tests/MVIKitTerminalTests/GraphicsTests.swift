import Foundation
import MVIKitTerminal
import Testing

/// Images through the kitty graphics protocol: detection, placement, and the bytes sent.
@MainActor
@Suite struct GraphicsTests {
  /// What the screen shows; a class so a test can change it between frames.
  final class Screen {
    var showsImage = true
  }

  static let pixels = [
    Pixel(red: 255, green: 0, blue: 0), Pixel(red: 0, green: 255, blue: 0),
    Pixel(red: 0, green: 0, blue: 255), Pixel(red: 255, green: 255, blue: 255),
  ]

  func terminal(_ screen: Screen, graphics: GraphicsMode) -> HeadlessTerminal {
    let terminal = HeadlessTerminal(size: Size(width: 20, height: 6)) {
      VStack {
        Text("Poster")
        if screen.showsImage { Image(width: 2, height: 2, pixels: Self.pixels) }
      }
    }
    terminal.graphics = graphics
    return terminal
  }

  @Test func theProbeReadsTheTerminalsAnswer() {
    let ok = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8)
    #expect(KittyGraphicsProbe.supportsKitty(ok) == true)
    #expect(KittyGraphicsProbe.supportsKitty(Array("\u{1B}[?1;2c".utf8)) == false)
    #expect(KittyGraphicsProbe.supportsKitty(Array("\u{1B}_Gi=31".utf8)) == nil)
    #expect(KittyGraphicsProbe.supportsKitty([]) == nil)
  }

  @Test func detectionFollowsTheEnvironmentBeforeAsking() {
    var asked = 0
    let answersOK = { () -> [UInt8] in
      asked += 1
      return Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62c".utf8)
    }
    #expect(GraphicsMode.detect(environment: ["TERM": "xterm-kitty"], probe: answersOK) == .kitty)
    #expect(
      GraphicsMode.detect(
        environment: ["TERM": "xterm-256color", "TMUX": "/tmp/x"], probe: answersOK)
        == .halfBlocks)
    #expect(
      GraphicsMode.detect(environment: ["TERM": "screen-256color"], probe: answersOK) == .halfBlocks
    )
    #expect(
      GraphicsMode.detect(
        environment: ["TERM": "tmux", "MVIKIT_GRAPHICS": "kitty"], probe: answersOK)
        == .kitty)
    #expect(
      GraphicsMode.detect(
        environment: ["TERM": "xterm-kitty", "MVIKIT_GRAPHICS": "blocks"], probe: answersOK)
        == .halfBlocks)
    #expect(asked == 1)
    #expect(
      GraphicsMode.detect(environment: ["TERM": "xterm"], probe: { Array("\u{1B}[?1;2c".utf8) })
        == .halfBlocks)
  }

  @Test func halfBlocksDrawPixelsIntoCells() {
    let terminal = terminal(Screen(), graphics: .halfBlocks)
    #expect(terminal.grid.images.isEmpty)
    #expect(terminal.grid.contains("▀▀"))
  }

  @Test func kittyPlacesThePixelsOnceAndDeletesThemWhenGone() throws {
    let screen = Screen()
    let terminal = terminal(screen, graphics: .kitty)
    let placement = try #require(terminal.grid.images.first)
    #expect(placement.rect == Rect(x: 0, y: 1, width: 2, height: 1))
    #expect(!terminal.grid.contains("▀"))
    let first = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    let rgb = Data(Self.pixels.flatMap { [$0.red, $0.green, $0.blue] }).base64EncodedString()
    #expect(first.contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))  // a full redraw clears old images
    #expect(
      first.contains(
        "\u{1B}[2;1H\u{1B}_Ga=T,f=24,s=2,v=2,c=2,r=1,i=\(placement.id),C=1,q=2,m=0;\(rgb)\u{1B}\\"))
    let unchanged = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    #expect(!unchanged.contains("\u{1B}_G"))
    screen.showsImage = false
    let removed = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    #expect(removed.contains("\u{1B}_Ga=d,d=I,i=\(placement.id),q=2\u{1B}\\"))
  }

  @Test func largeImagesGoInChunksOfAtMost4096Bytes() {
    let side = 64
    let pixels = (0..<(side * side)).map {
      Pixel(red: UInt8($0 % 256), green: UInt8($0 / 256 % 256), blue: 7)
    }
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 40)) {
      Image(width: side, height: side, pixels: pixels)
    }
    terminal.graphics = .kitty
    let bytes = String(decoding: terminal.nextFrameBytes(), as: UTF8.self)
    let commands = bytes.components(separatedBy: "\u{1B}_G").dropFirst().filter {
      !$0.hasPrefix("a=d")
    }
    // 64 × 64 × 3 bytes are 16,384 base64 characters: four chunks, all but the last marked m=1.
    #expect(commands.count == 4)
    #expect(commands.dropLast().allSatisfy { $0.contains("m=1;") })
    #expect(commands.last?.contains("m=0;") == true)
    let payload = commands.map {
      $0[$0.index(after: $0.firstIndex(of: ";")!)...].prefix { $0 != "\u{1B}" }
    }
    #expect(payload.allSatisfy { $0.count <= 4_096 })
    let joined = payload.joined()
    let expected = Data(pixels.flatMap { [$0.red, $0.green, $0.blue] }).base64EncodedString()
    #expect(joined == expected)
  }
}
