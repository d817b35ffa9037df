/// A list's filter: the query typed after `/`, where the cursor is in it, and whether keys still
/// go to it.
///
/// It is view state, like a text field's cursor, not app state: the list keeps it between
/// frames with its scroll offset (`ListInput.Kept`). The app's state holds the items and the
/// selection, which is all the app acts on, so typing into the filter costs the app no intents.
struct ListFilter: Equatable {
  /// What the user typed.
  var query = ""
  /// The character of the query the cursor sits before.
  var cursor = 0
  /// Whether keys edit the query. After Enter they move the selection and activate instead,
  /// with the filter still applied.
  var isTyping = true
  /// The first character of the query shown, when the query is wider than its line.
  var scrollStart = 0

  /// The indices of the `items` whose text matches the query, by rank: those that are the query,
  /// then those that start with it, then those with a word that starts with it, then those that
  /// hold it elsewhere, then the fuzzy matches (see ``FuzzyMatch/Rank``). Within each of these
  /// the app's order is kept, so the list stays as the app sorted it wherever the query says
  /// nothing about an item over another.
  func rankedMatches<Item>(_ items: [Item], text: (Item) -> String) -> [[Int]] {
    let matcher = FuzzyMatch(query)
    guard !matcher.isEmpty else { return [Array(items.indices)] }
    var ranked: [[Int]] = Array(repeating: [], count: FuzzyMatch.Rank.allCases.count)
    for index in items.indices {
      if let rank = matcher.rank(text(items[index])) { ranked[rank.rawValue].append(index) }
    }
    return ranked
  }

  /// Draws the filter line in `line`: `/`, the query with the cursor when `showsCursor`, and at
  /// the right how many of `total` items match. Keeps the sideways scroll for the next frame.
  @MainActor
  mutating func draw(
    in line: Rect, matchCount: Int, total: Int, showsCursor: Bool, canvas: Canvas
  ) {
    canvas.fill(line)
    canvas.put("/", column: line.x, row: line.y, style: Style(attributes: .bold), within: line)
    let count = String(matchCount) + "/" + String(total)
    // The count gives way on a narrow line: the query is what the user is working on.
    let countWidth = line.width >= count.count + 6 ? count.count + 1 : 0
    if countWidth > 0 {
      canvas.put(
        count, column: line.maxX - count.count, row: line.y, style: Style(attributes: .dim),
        within: line)
    }
    let field = Rect(x: line.x + 1, y: line.y, width: line.width - 1 - countWidth, height: 1)
    let text = TextLine(
      Array(query), cursor: cursor, width: field.width, previousStart: scrollStart)
    (cursor, scrollStart) = (text.cursor, text.start)
    text.draw(in: field, style: .plain, showsCursor: showsCursor, canvas: canvas)
  }
}
