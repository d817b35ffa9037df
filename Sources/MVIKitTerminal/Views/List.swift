/// A scrolling list with one selected row; it draws only the rows that are visible, so it
/// stays fast with thousands of items.
///
/// The selection lives in your state. When focused, ↑/↓, PgUp/PgDn and Home/End call
/// `onSelect` with the new index, and Enter calls `onActivate`. Each row is one line high.
///
/// ```swift
/// List(store.users, selection: store.selected, onSelect: { store.send(.select($0)) },
///      onActivate: { store.send(.open($0)) }) { user, isSelected in
///   Text(user.name)
/// }
/// ```
public struct List<Item>: View, Element {
  private let items: [Item]
  private let selection: Int?
  private let onSelect: @MainActor (Int) -> Void
  private let onActivate: (@MainActor (Int) -> Void)?
  private let row: @MainActor (Item, Bool) -> ViewGroup

  /// Creates a list of `items` with row `selection` highlighted.
  public init(
    _ items: [Item], selection: Int?, onSelect: @escaping @MainActor (Int) -> Void,
    onActivate: (@MainActor (Int) -> Void)? = nil,
    @ViewBuilder row: @escaping @MainActor (_ item: Item, _ isSelected: Bool) -> ViewGroup
  ) {
    self.items = items
    self.selection = selection
    self.onSelect = onSelect
    self.onActivate = onActivate
    self.row = row
  }

  func measure(_ proposal: Size, _ context: RenderContext) -> Size {
    proposal
  }

  func flex(_ axis: Axis?, _ context: RenderContext) -> Flex { .both }

  func draw(_ rect: Rect, _ context: RenderContext) {
    guard !rect.isEmpty else { return }
    let count = items.count
    let selected = selection.map { min(max(0, $0), max(0, count - 1)) }
    let offset = SelectionKeys.scrollOffset(
      selected: selected, count: count, height: rect.height, context: context)
    let focused = register(rect: rect, selected: selected, context: context)
    let hasScrollbar = count > rect.height && rect.width > 1
    let rowWidth = rect.width - (hasScrollbar ? 1 : 0)
    for index in offset..<min(count, offset + rect.height) {
      let rowRect = Rect(x: rect.x, y: rect.y + index - offset, width: rowWidth, height: 1)
      let isSelected = index == selected
      let rowStyle =
        isSelected ? Style(attributes: focused ? [.reverse] : [.bold, .underline]) : .plain
      context.withStyle(rowStyle) {
        if isSelected { context.fill(rowRect, style: context.style) }
        context.withChild("row" + String(index)) {
          row(items[index], isSelected).draw(rowRect, context)
        }
      }
    }
    if hasScrollbar {
      SelectionKeys.drawScrollbar(rect, offset: offset, count: count, context: context)
    }
  }

  private func register(rect: Rect, selected: Int?, context: RenderContext) -> Bool {
    let (count, page) = (items.count, max(1, rect.height - 1))
    let (onSelect, onActivate) = (self.onSelect, self.onActivate)
    var help = [(key: "↑↓", text: "Move")]
    if onActivate != nil { help.append((key: "Enter", text: "Open")) }
    return context.registerFocusable(rect: rect, help: help) { key in
      if key == .enter {
        guard count > 0, let onActivate, let selected else { return false }
        onActivate(selected)
        return true
      }
      guard let target = SelectionKeys.target(for: key, current: selected, count: count, page: page)
      else { return false }
      if target != selected { onSelect(target) }
      return true
    }
  }
}
