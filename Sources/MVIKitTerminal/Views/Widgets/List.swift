/// A scrolling list with one selected row; it draws only the rows that are visible, so it
/// stays fast with thousands of items.
///
/// The selection lives in your state. When focused, ↑/↓, PgUp/PgDn and Home/End call
/// `onSelect` with the new index, and Enter calls `onActivate`. Each row is one line high.
///
/// ```swift
/// List(store.users, selection: store.selected, onSelect: { store.send(.select($0)) },
///      onActivate: { store.send(.open($0)) }, filterText: \.name) { user, isSelected in
///   Text(user.name)
/// }
/// ```
///
/// With the mouse, a click on a row selects it and a click on the selected row activates it
/// (terminals report no double click, so the second click stands for one); the wheel moves
/// the selection a row a notch.
///
/// With `filterText`, `/` filters the list: the top row becomes a filter line showing the query
/// and how many items match, and the rows below show only the matching items, best first: the
/// item that is the query, then those that start with it, then those with a word that starts
/// with it, then those that hold it elsewhere, then the rest, each group in the items' order.
/// Typing edits the query with the ``TextField`` keys; ↑/↓, PgUp/PgDn and Home/End move among
/// the matches; Enter stops typing and keeps the filter (a second Enter activates); `/` types
/// again; Esc clears the filter at once, typing or not, leaving the item found selected. An item matches when the query's letters appear in its text in
/// order, ignoring case and accents: `"nwy"` finds "New York" and `"e"` finds "é". The query
/// is view state kept by the runtime, like a text field's cursor; `onSelect` and `onActivate`
/// always get the item's index in `items`, filtered or not, and when the selected item is no
/// longer among the best matches, the first of them is selected.
public struct List<Item>: View, FillingElement {
  private let items: [Item]
  private let selection: Int?
  private let onSelect: @MainActor (Int) -> Void
  private let onActivate: (@MainActor (Int) -> Void)?
  private let activateHelp: String
  private let filterText: (@MainActor (Item) -> String)?
  private var filterQuery: FilterQuery?
  private let row: @MainActor (Item, Bool) -> ViewGroup

  /// The filter's query as the app keeps it, and where its changes go.
  typealias FilterQuery = (query: String?, onChange: @MainActor (String?) -> Void)

  /// Creates a list of `items` with row `selection` highlighted.
  ///
  /// - Parameters:
  ///   - items: The rows, in order.
  ///   - selection: The index of the selected item in `items`, or nil.
  ///   - onSelect: Called with the index in `items` that a key, a click or the wheel selects.
  ///   - onActivate: Called with the selected index for Enter, or a click on the selected row.
  ///   - activateHelp: What Enter does, for the ``HelpBar``: `Enter Open` by default.
  ///   - filterText: The text an item is found by when filtering with `/`; nil leaves `/` to
  ///     the app's bindings.
  ///   - row: The view of one item, told whether it is the selected one.
  public init(
    _ items: [Item], selection: Int?, onSelect: @escaping @MainActor (Int) -> Void,
    onActivate: (@MainActor (Int) -> Void)? = nil, activateHelp: String = "Open",
    filterText: (@MainActor (Item) -> String)? = nil,
    @ViewBuilder row: @escaping @MainActor (_ item: Item, _ isSelected: Bool) -> ViewGroup
  ) {
    self.items = items
    self.selection = selection
    self.onSelect = onSelect
    self.onActivate = onActivate
    self.activateHelp = activateHelp
    self.filterText = filterText
    self.row = row
  }

  /// Creates a list whose filter query is kept in your state, so that it can be saved,
  /// restored or set by the app: `filterQuery` is the query (nil: no filter), and every change
  /// the user makes to it (nil when cleared) goes to `onFilterChange`. A query the state puts
  /// there shows as a filter already applied, not being typed.
  ///
  /// - Parameters:
  ///   - items: The rows, in order.
  ///   - selection: The index of the selected item in `items`, or nil.
  ///   - onSelect: Called with the index in `items` that a key, a click or the wheel selects.
  ///   - onActivate: Called with the selected index for Enter, or a click on the selected row.
  ///   - activateHelp: What Enter does, for the ``HelpBar``: `Enter Open` by default.
  ///   - filterText: The text an item is found by when filtering with `/`.
  ///   - filterQuery: The filter's query, from your state; nil when no filter is applied.
  ///   - onFilterChange: Called with the query after each change the user makes to it.
  ///   - row: The view of one item, told whether it is the selected one.
  public init(
    _ items: [Item], selection: Int?, onSelect: @escaping @MainActor (Int) -> Void,
    onActivate: (@MainActor (Int) -> Void)? = nil, activateHelp: String = "Open",
    filterText: @escaping @MainActor (Item) -> String, filterQuery: String?,
    onFilterChange: @escaping @MainActor (String?) -> Void,
    @ViewBuilder row: @escaping @MainActor (_ item: Item, _ isSelected: Bool) -> ViewGroup
  ) {
    self.init(
      items, selection: selection, onSelect: onSelect, onActivate: onActivate,
      activateHelp: activateHelp, filterText: filterText, row: row)
    self.filterQuery = (filterQuery, onFilterChange)
  }

  func draw(in rect: Rect, canvas: Canvas) {
    guard !rect.isEmpty else { return }
    let (kept, items, count) = (canvas.kept(ListInput.Kept.init), items, items.count)
    // A query the state holds that the list did not type (one restored, one the app set).
    if let filterQuery, kept.filter?.query != filterQuery.query {
      kept.filter = filterQuery.query.map {
        ListFilter(query: $0, cursor: $0.count, isTyping: false)
      }
    }
    let filter = filterText == nil ? nil : kept.filter
    let matches: @MainActor (String) -> [[Int]] = { [filterText] query in
      guard let filterText else { return [Array(items.indices)] }
      return ListFilter(query: query).rankedMatches(items, text: filterText)
    }
    let shown = filter.map { Array(matches($0.query).joined()) }
    let shownCount = shown?.count ?? count
    let selected = SelectionKeys.selected(selection, count: count)
    let position = selected.flatMap { selected in
      shown.map { $0.firstIndex(of: selected) } ?? selected
    }
    let body = rect.inset(top: filter == nil ? 0 : 1)
    let offset = SelectionKeys.scrollOffset(
      selected: position, count: shownCount, height: max(1, body.height), position: kept)
    let hasScrollbar = shownCount > body.height && rect.width > 1 && !body.isEmpty
    let rows = body.inset(trailing: hasScrollbar ? 1 : 0)
    let input = ListInput(
      kept: kept, isFilterable: filterText != nil, shown: shown,
      count: count, selected: selected, position: position, offset: offset, rows: rows,
      filterLine: filter == nil ? nil : Rect(x: rect.x, y: rect.y, width: rect.width, height: 1),
      matches: matches, onSelect: onSelect, onActivate: onActivate, activateHelp: activateHelp,
      onFilterChange: filterQuery?.onChange)
    let focused = canvas.focus(
      help: input.help, takesText: input.takesText, uses: input.uses, handle: input.handle)
    if var line = filter {
      line.draw(
        in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), matchCount: shownCount,
        total: count, showsCursor: focused && line.isTyping, canvas: canvas)
      kept.filter = line
    }
    for line in 0..<min(rows.height, shownCount - offset) {
      let index = shown?[offset + line] ?? offset + line
      drawRow(
        index, in: Rect(x: rows.x, y: rows.y + line, width: rows.width, height: 1),
        isSelected: index == selected, focused: focused, canvas)
    }
    if shown?.isEmpty == true, !rows.isEmpty {
      canvas.put(
        "No matches", column: rows.x, row: rows.y, style: Style(attributes: .dim), within: rows)
    }
    if hasScrollbar {
      SelectionKeys.drawScrollbar(body, offset: offset, count: shownCount, canvas: canvas)
    }
  }

  private func drawRow(
    _ index: Int, in rect: Rect, isSelected: Bool, focused: Bool, _ canvas: Canvas
  ) {
    let rowStyle =
      isSelected ? Style(attributes: focused ? [.reverse] : [.bold, .underline]) : .plain
    canvas.withStyle(rowStyle) { styled in
      if isSelected { styled.fill(rect) }
      // Rows keep the item's index as their id, filtered or not, so that what a row keeps
      // between frames stays with its item.
      styled.draw(row(items[index], isSelected), in: rect, id: "row" + String(index))
    }
  }
}
