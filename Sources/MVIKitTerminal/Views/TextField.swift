/// A one-line text input.
///
/// The text lives in your state: the field shows `text` and reports each edit to `onChange`,
/// which sends an intent. The cursor is kept by the runtime. Editing keys: characters, paste,
/// Backspace, Delete, ←/→, Home/End and the Emacs keys ^A ^E ^U ^K ^W. Enter calls `onSubmit`.
///
/// ```swift
/// TextField("Email", text: store.email) { store.send(.emailChanged($0)) }
/// ```
///
/// With `isSecure` (or ``SecureField``) the field shows one `•` per character; the text itself
/// is never drawn.
///
/// Text is measured in terminal columns (see `String.terminalWidth`): the cursor sits
/// after the display width of the text before it, the field scrolls sideways by width to keep
/// the cursor in view, and the editing keys move and delete whole characters, so one
/// Backspace removes 👩‍👩‍👧 or é however many scalars it is made of.
public struct TextField: View, Element {
  private let placeholder: String
  private let text: String
  private let isSecure: Bool
  private let onChange: @MainActor (String) -> Void
  private let onSubmit: (@MainActor () -> Void)?

  /// Creates a field showing `text`, or `placeholder` when it is empty.
  public init(
    _ placeholder: String, text: String, isSecure: Bool = false,
    onSubmit: (@MainActor () -> Void)? = nil,
    onChange: @escaping @MainActor (String) -> Void
  ) {
    self.placeholder = placeholder
    self.text = text
    self.isSecure = isSecure
    self.onSubmit = onSubmit
    self.onChange = onChange
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex {
    Flex(horizontal: true, vertical: false)
  }

  func draw(_ rect: Rect, _ context: RenderContext) {
    guard !rect.isEmpty else { return }
    let id = context.id
    let interaction = context.interaction
    let count = text.count
    let cursor = min(interaction.cursors[id] ?? count, count)
    let (text, onChange, onSubmit) = (self.text, self.onChange, self.onSubmit)
    let focused = context.registerFocusable(rect: rect, help: [("Type", "Edit")]) { key in
      if key == .enter {
        guard let onSubmit else { return false }
        onSubmit()
        return true
      }
      guard let result = TextEditing.apply(key, text: text, cursor: cursor) else { return false }
      interaction.cursors[id] = result.cursor
      if result.text != text { onChange(result.text) }
      return true
    }
    let fieldStyle = context.style.merged(with: Style(attributes: .underline))
    context.fill(rect, style: fieldStyle)
    // One bullet per character (grapheme), so the cursor, which counts characters, moves over
    // the bullets as it moves over the text.
    let shown = isSecure ? Array(repeating: "•", count: count) : Array(text)
    let widths = shown.map(\.terminalWidth)
    let start = Self.scrollStart(
      widths: widths, cursor: cursor, width: rect.width,
      previous: interaction.scrollOffsets[id] ?? 0)
    interaction.scrollOffsets[id] = start
    if shown.isEmpty {
      context.put(
        placeholder, column: rect.x, row: rect.y,
        style: fieldStyle.merged(with: .init(attributes: .dim)),
        clip: rect)
    } else {
      context.put(
        String(shown[start...]), column: rect.x, row: rect.y, style: fieldStyle, clip: rect)
    }
    if focused {
      // Columns, not characters: 漢字 puts the cursor 4 columns in.
      let column = rect.x + widths[start..<cursor].reduce(0, +)
      let cursorWidth = cursor < widths.count ? max(1, widths[cursor]) : 1
      context.grid.restyle(
        Rect(x: column, y: rect.y, width: min(cursorWidth, rect.maxX - column), height: 1)
      ) {
        $0.attributes.insert(.reverse)
      }
      context.grid.cursor = Grid.Position(column: column, row: rect.y)
    }
  }

  /// The first character to show, by the characters' display `widths`, so that the cell under
  /// the cursor is in view.
  ///
  /// The text scrolls only when the cursor would leave the field, so moving back does not jump
  /// the view; and when the text from `previous` on leaves room at the end (after deleting),
  /// earlier text comes back into that room.
  static func scrollStart(widths: [Int], cursor: Int, width: Int, previous: Int) -> Int {
    let cursorWidth = cursor < widths.count ? max(1, widths[cursor]) : 1
    var start = min(max(0, previous), cursor)
    var used = widths[start..<cursor].reduce(0, +)
    while start < cursor, used + cursorWidth > width {
      used -= widths[start]
      start += 1
    }
    // The column after the text, where the cursor goes at the end, always counts: were it only
    // counted with the cursor there, stepping back from the end would scroll the text.
    var total = widths[start...].reduce(0, +) + 1
    while start > 0, total + widths[start - 1] <= width {
      start -= 1
      total += widths[start]
    }
    return start
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
