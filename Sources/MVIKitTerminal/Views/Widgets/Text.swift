/// Styled text; it wraps at word boundaries when its line is too long.
///
/// ```swift
/// Text("Saved").bold().foreground(.green)
/// ```
public struct Text: View, Element {
  let content: String
  var style = Style.plain
  var lineLimit: Int?

  /// Creates text; `\n` starts a new line.
  public init(_ content: String) {
    self.content = content
  }

  /// Creates text from any value's description, such as a number.
  public init(verbatim value: some CustomStringConvertible) {
    self.content = value.description
  }

  /// This text in `style`, on top of its own style.
  public func style(_ style: Style) -> Text {
    var copy = self
    copy.style = copy.style.merged(with: style)
    return copy
  }

  /// This text in bold.
  public func bold() -> Text { style(Style(attributes: .bold)) }
  /// This text faint.
  public func dim() -> Text { style(Style(attributes: .dim)) }
  /// This text in italics.
  public func italic() -> Text { style(Style(attributes: .italic)) }
  /// This text underlined.
  public func underline() -> Text { style(Style(attributes: .underline)) }
  /// This text with foreground and background swapped.
  public func reversed() -> Text { style(Style(attributes: .reverse)) }
  /// This text struck through.
  public func strikethrough() -> Text { style(Style(attributes: .strikethrough)) }
  /// This text in `color`.
  public func foreground(_ color: Color) -> Text { style(Style(foreground: color)) }
  /// This text on `color`.
  public func background(_ color: Color) -> Text { style(Style(background: color)) }

  /// This text cut to at most `lines` lines (nil: no limit), the last ending in `…` when cut;
  /// `1` truncates instead of wrapping.
  public func lineLimit(_ lines: Int?) -> Text {
    var copy = self
    copy.lineLimit = lines.map { max(1, $0) }
    return copy
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    let lines = allLines(width: proposal.width).prefix(lineLimit ?? .max)
    let width = lines.reduce(0) { max($0, $1.terminalWidth) }
    return Size(width: min(width, proposal.width), height: min(lines.count, proposal.height))
  }

  /// Text cut short, by the rows it is given or its line limit, ends in `…`, as does a line
  /// too wide for them: a reader then knows there is more, where a hard cut could pass for the
  /// whole (a path, a name cut mid-word).
  func draw(in rect: Rect, canvas: Canvas) {
    let lines = TextWrapper.fit(
      allLines(width: rect.width), width: rect.width, height: min(rect.height, lineLimit ?? .max))
    canvas.put(lines: lines, in: rect, style: style)
  }

  private func allLines(width: Int) -> [String] {
    guard lineLimit == 1 else { return TextWrapper.wrapLines(content, width: width) }
    return content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
