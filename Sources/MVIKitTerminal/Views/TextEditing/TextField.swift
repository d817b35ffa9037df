/// A one-line text input.
///
/// The text lives in your state: the field shows `text` and reports each edit to `onChange`,
/// which sends an intent. The cursor is kept by the runtime. Editing keys: characters, paste,
/// Backspace, Delete, ←/→, Home/End and the Emacs keys ^A ^E ^U ^K ^W. Enter calls `onSubmit`.
/// A click puts the cursor on the character clicked, or after the text when past its end.
///
/// ```swift
/// TextField("Email", text: store.email) { store.send(.emailChanged($0)) }
/// ```
///
/// With a `history` (past searches, say, kept in your state, oldest first), ↑ shows the entry
/// before the one shown and ↓ the one after, through `onChange`; ↓ past the newest brings back
/// what the user had typed before pressing ↑. Editing an entry makes it that text. Without a
/// history ↑ and ↓ are left to the screen's bindings, as ↓ is when not in the history.
///
/// With `isSecure` (or ``SecureField``) the field shows one `•` per character; the text itself
/// is never drawn, and there is no history to recall secrets from.
///
/// Text is measured in terminal columns (see `String.terminalWidth`): the cursor sits
/// after the display width of the text before it, the field scrolls sideways by width to keep
/// the cursor in view, and the editing keys move and delete whole characters, so one
/// Backspace removes 👩‍👩‍👧 or é however many scalars it is made of.
public struct TextField: View, LineElement {
  private let placeholder: String
  private let text: String
  private let isSecure: Bool
  private let history: [String]
  private let onChange: @MainActor (String) -> Void
  private let onSubmit: (@MainActor () -> Void)?

  /// Creates a field showing `text`, or `placeholder` when it is empty.
  ///
  /// - Parameters:
  ///   - placeholder: Shown dimmed while the text is empty.
  ///   - text: The text, from your state.
  ///   - isSecure: Shows one `•` per character instead of the text.
  ///   - history: Earlier texts for ↑ and ↓ to recall, oldest first; ignored when `isSecure`.
  ///   - onSubmit: Called for Enter.
  ///   - onChange: Called with the text after each edit.
  public init(
    _ placeholder: String, text: String, isSecure: Bool = false, history: [String] = [],
    onSubmit: (@MainActor () -> Void)? = nil,
    onChange: @escaping @MainActor (String) -> Void
  ) {
    self.placeholder = placeholder
    self.text = text
    self.isSecure = isSecure
    self.history = isSecure ? [] : history
    self.onSubmit = onSubmit
    self.onChange = onChange
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard !rect.isEmpty else { return }
    let kept = canvas.kept(Kept.init)
    let count = text.count
    // One bullet per character (grapheme), so the cursor, which counts characters, moves over
    // the bullets as it moves over the text.
    let line = TextLine(
      isSecure ? Array(repeating: "•", count: count) : Array(text),
      cursor: cursor(kept), width: rect.width, previousStart: kept.start)
    let cursor = line.cursor
    kept.start = line.start
    let (text, history, onChange, onSubmit) = (self.text, history, self.onChange, self.onSubmit)
    // What ↑ or ↓ recalls from the history, if anything.
    let recall = { (key: Key) in
      TextFieldHistory.step(
        key == .up ? -1 : 1, text: text, history: history, browsing: kept.browsing)
    }
    let uses: @MainActor (Key) -> Bool = { key in
      switch key {
      case .enter: onSubmit != nil
      case .up, .down: recall(key) != nil
      default: TextEditing.apply(key, text: text, cursor: cursor) != nil
      }
    }
    let focused = canvas.focus(help: help, takesText: true, uses: uses) { key in
      if let click = key.click {
        guard rect.contains(column: click.column, row: click.row) else { return false }
        kept.cursor = line.cursor(atColumn: click.column - rect.x)
        return true
      }
      if key == .enter {
        guard let onSubmit else { return false }
        kept.browsing = nil
        onSubmit()
        return true
      }
      if key == .up || key == .down {
        guard let step = recall(key) else { return false }
        kept.browsing = step.browsing
        kept.cursor = step.text.count
        kept.text = step.text
        if step.text != text { onChange(step.text) }
        return true
      }
      guard let result = TextEditing.apply(key, text: text, cursor: cursor) else { return false }
      kept.cursor = result.cursor
      kept.text = result.text
      if result.text != text {
        kept.browsing = nil
        onChange(result.text)
      }
      return true
    }
    let fieldStyle = Style(attributes: .underline)
    canvas.fill(rect, style: fieldStyle)
    if count == 0 {
      canvas.put(
        placeholder, column: rect.x, row: rect.y,
        style: fieldStyle.merged(with: .init(attributes: .dim)))
    }
    line.draw(in: rect, style: fieldStyle, showsCursor: focused, canvas: canvas)
  }

  /// Where the cursor is: where the field's own keys left it, or after the text when the
  /// state put other text there (a rename filling the field, a submit clearing it), so that
  /// what the user types next goes at the end, not into the middle of the new text.
  private func cursor(_ kept: Kept) -> Int {
    guard kept.text != text else { return kept.cursor }
    kept.text = text
    kept.cursor = text.count
    return text.count
  }

  private var help: [(key: String, text: String)] {
    history.isEmpty ? [("Type", "Edit")] : [("Type", "Edit"), ("↑↓", "History")]
  }

  /// What a text field keeps between frames.
  final class Kept {
    /// The cursor, in characters of ``text``.
    var cursor = 0
    /// The text the cursor was placed in: text that the state put there instead moves the
    /// cursor to its end.
    var text: String?
    /// The first character shown, when the text is wider than the field.
    var start = 0
    /// The history entry shown, with the draft to come back to.
    var browsing: TextFieldHistory.Browsing?
  }
}

/// A ``TextField`` for passwords: it shows one `•` per character, never the text.
public struct SecureField: View {
  private let field: TextField

  /// Creates a secure field showing `text` as bullets, or `placeholder` when it is empty.
  public init(
    _ placeholder: String, text: String, onSubmit: (@MainActor () -> Void)? = nil,
    onChange: @escaping @MainActor (String) -> Void
  ) {
    field = TextField(
      placeholder, text: text, isSecure: true, onSubmit: onSubmit, onChange: onChange)
  }

  /// The underlying field.
  public var body: TextField { return field }
}
