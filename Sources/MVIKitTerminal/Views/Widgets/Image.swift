/// An RGB picture drawn with half-block characters: each cell shows two pixels, the top one
/// as the `▀` foreground and the bottom one as the background.
///
/// It shrinks, keeping its aspect, to fit the space offered; ``resizable()`` lets it grow to
/// fill that space too, as SwiftUI's `Image.resizable()` does. Terminals without truecolor get
/// the nearest 256-palette colours (see `ColorMode`). Where the terminal speaks the kitty
/// graphics protocol, the same cells show the real pixels instead (see `GraphicsMode`).
public struct Image: View, Element {
  private let width: Int
  private let height: Int
  private let pixels: [Pixel]
  private let kind: String
  private var isResizable = false

  /// Creates an image `width` pixels wide from `pixels`, row by row. Missing pixels are black;
  /// extra ones are ignored.
  ///
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - pixels: The pixels, row by row from the top left.
  ///   - kind: What the image is (`"JPEG poster"`), for the caption shown in its place where
  ///     pictures cannot be: a terminal without colour (`NO_COLOR`).
  public init(width: Int, height: Int, pixels: [Pixel], kind: String = "image") {
    self.width = max(0, width)
    self.height = max(0, height)
    self.pixels = pixels
    self.kind = kind
  }

  /// This image, grown or shrunk (keeping its aspect) to be as large as the space offered
  /// allows: a 30×45 poster fills a window instead of staying 30 cells wide. Pixels are
  /// repeated as they are, not smoothed, so a small picture stays sharp-edged.
  public func resizable() -> Image {
    var image = self
    image.isResizable = true
    return image
  }

  private func fittedSize(_ proposal: Size) -> Size {
    guard width > 0, height > 0 else { return .zero }
    let cellsHigh = (height + 1) / 2
    guard isResizable || width > proposal.width || cellsHigh > proposal.height else {
      return Size(width: width, height: cellsHigh)
    }
    let scale = min(
      Double(proposal.width) / Double(width), Double(proposal.height * 2) / Double(height))
    return Size(
      width: min(proposal.width, max(1, Int(Double(width) * scale))),
      height: min(proposal.height, max(1, Int((Double(height) * scale + 1) / 2))))
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    fittedSize(proposal)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let size = fittedSize(rect.size)
    guard size.width > 0, size.height > 0 else { return }
    let cells = Rect(x: rect.x, y: rect.y, width: size.width, height: size.height)
    if canvas.context.graphics == .kitty {
      // The terminal scales the pixels into the cells; the cells themselves stay blank, or
      // say why the picture may not show, where it then would cover them.
      for row in cells.y..<cells.maxY {
        for column in cells.x..<cells.maxX { canvas.set(.blank, column: column, row: row) }
      }
      if let note = canvas.context.graphicsNote { caption(note, in: cells, canvas) }
      canvas.place(ImagePlacement(rect: cells, width: width, height: height, pixels: pixels))
      return
    }
    guard canvas.context.showsColor else {
      // Without colour, half blocks are grey stripes: say what is there instead.
      caption("[\(kind), \(width)×\(height)]", in: cells, canvas)
      return
    }
    let scaled = size.width != width || size.height != (height + 1) / 2
    let pixelRows = size.height * 2
    // Unscaled, an odd height leaves the last bottom half empty; scaled, every half maps.
    func sourceY(_ y: Int) -> Int? { scaled ? y * height / pixelRows : (y < height ? y : nil) }
    for row in 0..<size.height {
      for column in 0..<size.width {
        let sourceX = column * width / size.width
        let top = sourceY(row * 2).map { pixel(x: sourceX, y: $0).color } ?? .default
        let bottom = sourceY(row * 2 + 1).map { pixel(x: sourceX, y: $0).color } ?? .default
        let style = Style(foreground: top, background: bottom)
        canvas.set(Cell("▀", style: style), column: rect.x + column, row: rect.y + row)
      }
    }
  }

  /// `text`, wrapped and centred in `cells`.
  private func caption(_ text: String, in cells: Rect, _ canvas: Canvas) {
    let lines = TextWrapper.fit(
      TextWrapper.wrapLines(text, width: cells.width), width: cells.width, height: cells.height)
    canvas.put(lines: lines, in: cells, centered: true)
  }

  private func pixel(x: Int, y: Int) -> Pixel {
    let index = y * width + x
    guard y < height, index >= 0, index < pixels.count else {
      return Pixel(red: 0, green: 0, blue: 0)
    }
    return pixels[index]
  }
}
