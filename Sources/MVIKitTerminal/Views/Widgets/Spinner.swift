/// An animated spinner, with an optional label, to show that work is in progress.
///
/// The runtime animates it while it is on screen; headless renders show a fixed frame.
public struct Spinner: View, Element {
  private static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  private let label: String

  /// Creates a spinner followed by `label`.
  public init(_ label: String = "") {
    self.label = label
  }

  private func text(frame: Int) -> String {
    let symbol = String(Self.frames[frame % Self.frames.count])
    return label.isEmpty ? symbol : symbol + " " + label
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: min(proposal.width, text(frame: 0).terminalWidth), height: min(1, proposal.height))
  }

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.requestAnimation()
    // A label cut by a narrow screen ends in an ellipsis, not mid-word.
    canvas.put(
      TextWrapper.truncate(text(frame: canvas.animationFrame), width: rect.width),
      column: rect.x, row: rect.y)
  }
}
