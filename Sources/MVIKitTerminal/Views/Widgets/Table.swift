/// Rows of values in columns under a header, with one selected row; like ``List``, it draws
/// only the rows that are visible, so a table of thousands of rows costs what a screenful does.
///
/// The rows, their order and the selection live in your state. When focused, ↑/↓, PgUp/PgDn
/// and Home/End call `onSelect`, Enter calls `onActivate`. With `onSort`, `<` and `>` move the
/// sort to the previous or next column and `r` reverses it: sort the rows in `reduce` and pass
/// the ``Sort`` back, which the header marks with ▲ or ▼.
///
/// With the mouse, a click on a row selects it and a click on the selected row activates it;
/// a click on a column's title sorts by that column, or reverses the sort when it is already
/// the sorted one; the wheel moves the selection.
///
/// ```swift
/// Table(
///   store.users,
///   columns: [
///     Table.Column("Name") { $0.name },
///     Table.Column("City", width: .fixed(12)) { $0.city },
///     Table.Column("Age", width: .fixed(4), alignment: .trailing) { String($0.age) },
///   ],
///   selection: store.selected, onSelect: { store.send(.selected($0)) },
///   sort: store.sort, onSort: { store.send(.sorted($0)) })
/// ```
public struct Table<Row>: View, FillingElement {
  /// How wide a column is.
  public enum Width: Hashable, Sendable {
    /// Exactly this many columns of the terminal.
    case fixed(Int)
    /// A share of what the fixed columns leave, at least `minimum`.
    case flexible(minimum: Int)

    /// A share of the free width, at least one column.
    public static var flexible: Width { .flexible(minimum: 1) }
  }

  /// One column: its title, width, alignment and the text it shows for a row.
  public struct Column {
    let title: String
    let width: Width
    let alignment: Alignment
    let value: @MainActor (Row) -> String

    /// A column titled `title` showing `value` of each row, cut with `…` when too long.
    public init(
      _ title: String, width: Width = .flexible, alignment: Alignment = .leading,
      value: @escaping @MainActor (Row) -> String
    ) {
      self.title = title
      self.width = width
      self.alignment = alignment
      self.value = value
    }
  }

  /// Which column the rows are sorted by, and in which direction.
  public struct Sort: Hashable, Sendable {
    /// The index of the column.
    public var column: Int
    /// Whether the smallest value comes first.
    public var ascending: Bool

    /// A sort by `column`, ascending by default.
    public init(column: Int, ascending: Bool = true) {
      self.column = column
      self.ascending = ascending
    }
  }

  let rows: [Row]
  let columns: [Column]
  private let selection: Int?
  let onSelect: @MainActor (Int) -> Void
  let onActivate: (@MainActor (Int) -> Void)?
  let sort: Sort?
  let onSort: (@MainActor (Sort) -> Void)?

  /// Creates a table of `rows` with row `selection` highlighted.
  public init(
    _ rows: [Row], columns: [Column], selection: Int?,
    onSelect: @escaping @MainActor (Int) -> Void,
    onActivate: (@MainActor (Int) -> Void)? = nil,
    sort: Sort? = nil, onSort: (@MainActor (Sort) -> Void)? = nil
  ) {
    self.rows = rows
    self.columns = columns
    self.selection = selection
    self.onSelect = onSelect
    self.onActivate = onActivate
    self.sort = sort
    self.onSort = onSort
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard !rect.isEmpty else { return }
    let bodyHeight = rect.height - 1
    let count = rows.count
    let selected = SelectionKeys.selected(selection, count: count)
    let offset = SelectionKeys.scrollOffset(
      selected: selected, count: count, height: max(1, bodyHeight),
      position: canvas.kept(ScrollPosition.init))
    let hasScrollbar = count > bodyHeight && rect.width > 1
    let widths = Self.widths(of: columns, in: rect.width - (hasScrollbar ? 1 : 0))
    let focused = register(
      rect: rect, selected: selected, offset: offset, widths: widths, canvas)
    drawHeader(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), widths, canvas)
    guard bodyHeight > 0 else { return }
    for index in offset..<min(count, offset + bodyHeight) {
      let y = rect.y + 1 + index - offset
      let isSelected = index == selected
      let style =
        isSelected ? Style(attributes: focused ? [.reverse] : [.bold, .underline]) : .plain
      let line = Rect(x: rect.x, y: y, width: rect.width - (hasScrollbar ? 1 : 0), height: 1)
      if isSelected { canvas.fill(line, style: style) }
      drawCells(columns.map { $0.value(rows[index]) }, widths, at: line, style: style, canvas)
    }
    if hasScrollbar {
      let body = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: bodyHeight)
      SelectionKeys.drawScrollbar(body, offset: offset, count: count, canvas: canvas)
    }
  }

  /// Each column's width in `total` columns, a space between columns: fixed ones first, then
  /// flexible ones share the rest evenly (the first ones take the remainder).
  package static func widths(of columns: [Column], in total: Int) -> [Int] {
    var free = total - max(0, columns.count - 1)
    var widths = Array(repeating: 0, count: columns.count)
    var pending: [(index: Int, minimum: Int)] = []
    for (index, column) in columns.enumerated() {
      switch column.width {
      case .fixed(let width):
        widths[index] = max(0, width)
        free -= widths[index]
      case .flexible(let minimum): pending.append((index, minimum))
      }
    }
    // Even shares, except that a column whose minimum is above the share gets its minimum and
    // the others share what is left.
    while !pending.isEmpty {
      let share = max(0, free) / pending.count
      let pinned = pending.filter { $0.minimum > share }
      guard pinned.isEmpty else {
        for column in pinned {
          widths[column.index] = column.minimum
          free -= column.minimum
        }
        pending.removeAll { $0.minimum > share }
        continue
      }
      var remainder = max(0, free) % pending.count
      for column in pending {
        widths[column.index] = share + (remainder > 0 ? 1 : 0)
        remainder = max(0, remainder - 1)
      }
      break
    }
    return widths
  }

  private func drawHeader(_ rect: Rect, _ widths: [Int], _ canvas: Canvas) {
    let titles = columns.enumerated().map { index, column in
      guard let sort, sort.column == index else { return column.title }
      // The mark stays when the title is cut: it is what tells the order.
      return TextWrapper.truncate(column.title, width: widths[index] - 2)
        + (sort.ascending ? " ▲" : " ▼")
    }
    let style = Style(attributes: [.bold, .underline])
    canvas.fill(rect, style: style)
    drawCells(titles, widths, at: rect, style: style, canvas)
  }

  private func drawCells(
    _ texts: [String], _ widths: [Int], at rect: Rect, style: Style, _ canvas: Canvas
  ) {
    var x = rect.x
    for (index, text) in texts.enumerated() where x < rect.maxX {
      let width = widths[index]
      let shown = TextWrapper.truncate(text, width: width)
      let column = x + (columns[index].alignment == .trailing ? width - shown.terminalWidth : 0)
      let cell = Rect(x: x, y: rect.y, width: min(width, rect.maxX - x), height: 1)
      canvas.put(shown, column: column, row: rect.y, style: style, within: cell)
      x += width + 1
    }
  }
}
