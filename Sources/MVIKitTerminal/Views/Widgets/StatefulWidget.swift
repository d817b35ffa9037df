/// A ``Widget`` with state of its own that the runtime keeps between frames, like the cursor
/// of a text field: which section of a help page is open, where a viewport is scrolled.
///
/// The state is an object, made by ``makeState()`` the first time the widget is drawn at its
/// place in the view tree and handed to every later ``draw(in:canvas:state:)`` there. When the
/// place has not been drawn for a while (it is not among the 256 most recently drawn places
/// that the last frame did not draw), the state is forgotten and made again on its next frame.
/// Key handlers change it directly and the runtime draws the next frame. State that the app cares
/// about (what is selected, what was typed) belongs in the model's `State` instead, sent as
/// intents, so it is recorded, replayed and tested.
///
/// ```swift
/// struct Accordion: StatefulWidget {
///   final class Open { var section = 0 }
///   let sections: [(title: String, text: String)]
///
///   func makeState() -> Open { Open() }
///
///   func draw(in rect: Rect, canvas: Canvas, state: Open) {
///     let count = sections.count
///     canvas.focus { key in
///       guard key == .down || key == .up else { return false }
///       state.section = (state.section + (key == .down ? 1 : count - 1)) % max(1, count)
///       return true
///     }
///     for (index, section) in sections.enumerated() {
///       let row = rect.y + index + (index > state.section ? 1 : 0)
///       canvas.put((index == state.section ? "▾ " : "▸ ") + section.title,
///                  column: rect.x, row: row, style: Style(attributes: .bold))
///       if index == state.section {
///         canvas.put("  " + section.text, column: rect.x, row: row + 1)
///       }
///     }
///   }
/// }
/// ```
@MainActor
public protocol StatefulWidget: View where Body == EmptyView {
  /// What the runtime keeps for the widget between frames.
  associatedtype WidgetState: AnyObject
  /// The state for the first frame the widget is drawn in, at its place in the tree.
  func makeState() -> WidgetState
  /// The size the widget takes when offered `proposal`; by default all of it.
  func sizeThatFits(_ proposal: Size) -> Size
  /// The directions the widget grows in; by default both.
  var flexibility: Flex { get }
  /// Draws the widget into `rect` with the state kept for it.
  func draw(in rect: Rect, canvas: Canvas, state: WidgetState)
}

extension StatefulWidget {
  /// All of `proposal`.
  public func sizeThatFits(_ proposal: Size) -> Size { proposal }
  /// Grows in both directions.
  public var flexibility: Flex { .both }
}
