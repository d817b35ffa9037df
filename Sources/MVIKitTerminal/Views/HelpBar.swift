/// One line listing the keys that work right now: those of the focused view, then the
/// bindings of the screen (``View/onKey(_:help:action:)-([Key],_,_)``), such as
/// `Tab Next  + Increment  q Quit`.
///
/// It is drawn after the rest of the screen, so it lists every binding wherever it sits.
public struct HelpBar: View, Element {
  /// Creates a help bar.
  public init() {}

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    Flex(horizontal: true, vertical: false)
  }

  func draw(_ rect: Rect, _ context: RenderContext) {
    let base = context.style
    context.finally { [unowned context] in
      var column = rect.x
      for (key, text) in Self.entries(context) {
        column += context.grid.put(
          key, column: column, row: rect.y, style: base.merged(with: Style(attributes: .bold)),
          clip: rect)
        column += context.grid.put(
          " " + text + "  ", column: column, row: rect.y,
          style: base.merged(with: Style(attributes: .dim)),
          clip: rect)
      }
    }
  }

  static func entries(_ context: RenderContext) -> [(key: String, text: String)] {
    var entries: [(key: String, text: String)] = []
    let targets = context.targets
    if targets.count > 1 { entries.append(("Tab", "Next")) }
    if let focused = targets.first(where: { $0.id == context.focusedID }) ?? targets.first {
      entries += focused.help
    }
    // Inner bindings win over outer ones for the same key, so list them first.
    var seen = Set<String>()
    for binding in context.bindings.reversed() {
      guard let help = binding.help, seen.insert(binding.label).inserted else { continue }
      entries.append((binding.label, help))
    }
    return entries
  }
}
