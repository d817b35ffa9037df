/// One line listing the keys that act right now: Tab, those of the focused view, then the
/// bindings of the screen (``View/onKey(_:help:isEnabled:action:)-([Key],_,_,_)``) that a key still
/// reaches, such as `Tab Next  + Increment  q Quit`.
///
/// While a text field has the focus, letters type into it, so the bar leaves out the bindings
/// of letter keys and shows `Esc Leave field` instead. When the keys do not fit, the last ones
/// give way, never half a label; the key help's own key
/// (``View/keyHelp(_:isPresented:toggle:)``) stays, since it lists them all.
///
/// It is drawn after the rest of the screen, so it lists every binding wherever it sits.
public struct HelpBar: View, LineElement {
  /// Creates a help bar.
  public init() {}

  func draw(in rect: Rect, canvas: Canvas) {
    canvas.finally {
      var column = rect.x
      let entries = KeyHelp.fitting(KeyHelp.current(canvas.context), width: rect.width)
      for (index, entry) in entries.enumerated() {
        if index > 0 { column += 2 }
        column += canvas.put(
          entry.key, column: column, row: rect.y, style: Style(attributes: .bold))
        column += canvas.put(
          " " + entry.text, column: column, row: rect.y, style: Style(attributes: .dim))
      }
    }
  }
}
