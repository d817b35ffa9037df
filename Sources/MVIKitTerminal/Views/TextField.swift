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
    let shown = isSecure ? String(repeating: "•", count: count) : text
    if shown.isEmpty {
      context.put(
        placeholder, column: rect.x, row: rect.y,
        style: fieldStyle.merged(with: .init(attributes: .dim)),
        clip: rect)
    } else {
      // Scroll so the cursor stays in view.
      let characters = Array(shown)
      let start = max(0, cursor - rect.width + 1)
      let visible = String(characters[start..<min(characters.count, start + rect.width)])
      context.put(visible, column: rect.x, row: rect.y, style: fieldStyle, clip: rect)
    }
    if focused {
      let column = rect.x + min(cursor, rect.width - 1)
      context.grid.restyle(Rect(x: column, y: rect.y, width: 1, height: 1)) {
        $0.attributes.insert(.reverse)
      }
    }
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
