/// A bar that fills with progress from 0 to 1, followed by the percentage.
public struct ProgressBar: View, LineElement {
  private let value: Double
  private let color: Color

  /// Creates a bar showing `value`, clamped to 0…1, filled in `color`.
  public init(value: Double, color: Color = .green) {
    self.value = value.isFinite ? min(1, max(0, value)) : 0
    self.color = color
  }

  func draw(in rect: Rect, canvas: Canvas) {
    let percent = " " + String(Int((value * 100).rounded())) + "%"
    let barWidth = max(0, rect.width - percent.terminalWidth)
    let filled = Int((Double(barWidth) * value).rounded())
    canvas.put(
      String(repeating: "█", count: filled), column: rect.x, row: rect.y,
      style: Style(foreground: color))
    canvas.put(
      String(repeating: "░", count: barWidth - filled), column: rect.x + filled, row: rect.y,
      style: Style(foreground: .gray))
    canvas.put(percent, column: rect.x + barWidth, row: rect.y)
  }
}
