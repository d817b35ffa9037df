/// An ordered collection of identifiable rows, each reachable by its id in constant time, that
/// remembers which rows changed: the state of a list whose rows each have their own model.
///
/// ```swift
/// struct State: Equatable, Sendable { var todos: Rows<TodoRow.State> = [] }
///
/// state.todos.append(TodoRow.State(id: id, title: "Milk"))
/// state.todos[id: id]?.isDone.toggle()
/// state.todos[id: id] = nil  // removes the row
/// ```
///
/// A store uses the change record to refresh only the rows that changed after an intent, so a
/// list of thousands of observed rows costs what one row costs. Equality compares the rows
/// only. Ids are unique: adding a row whose id is already there replaces that row.
public struct Rows<Element: Identifiable & Sendable>: Sendable where Element.ID: Sendable {
  private var elements: [Element] = []
  private var positions: [Element.ID: Int] = [:]
  /// What changed, read by the store that refreshes the rows' stores.
  package private(set) var changes = RowChanges<Element.ID>()

  /// Rows from `elements`, in order; a later row with an id seen before is dropped.
  public init(_ elements: some Sequence<Element>) {
    for element in elements where positions[element.id] == nil {
      positions[element.id] = self.elements.count
      self.elements.append(element)
    }
  }

  /// No rows.
  public init() {
    self.init([])
  }

  /// A number that changes whenever rows are added, removed or moved, and only then. Observe
  /// it to redraw a list's shape without redrawing it when one row's content changes.
  public var structureRevision: Int { changes.structureVersion }

  /// The ids of the rows, in order.
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The row with `id`, or nil. Setting a row replaces it, or appends it when its id is new;
  /// setting nil removes it.
  public subscript(id id: Element.ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      if !update(id: id, { $0 = newValue }) { append(newValue) }
    }
  }

  /// Mutates the row with `id` in place, when there is one; returns whether there was.
  @discardableResult
  public mutating func update(id: Element.ID, _ change: (inout Element) -> Void) -> Bool {
    guard let position = positions[id] else { return false }
    change(&elements[position])
    let newID = elements[position].id
    guard newID != id else {
      changes.record(id)
      return true
    }
    // The row took another id: ids stay unique (a row that had the new id goes), and the set
    // of ids changed, which every reader must see.
    if let other = positions[newID] { elements.remove(at: other) }
    structureChanged()
    return true
  }

  /// Adds `element` at the end, or replaces the row with its id; returns whether it was new.
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    if let position = positions[element.id] {
      elements[position] = element
      changes.record(element.id)
      return false
    }
    positions[element.id] = elements.count
    elements.append(element)
    changes.recordStructure()
    return true
  }

  /// Inserts `element` at `position` (clamped to the valid range), or replaces the row with
  /// its id where it is; returns whether it was new.
  @discardableResult
  public mutating func insert(_ element: Element, at position: Int) -> Bool {
    guard positions[element.id] == nil else { return append(element) }
    elements.insert(element, at: Swift.min(Swift.max(position, 0), elements.count))
    structureChanged()
    return true
  }

  /// Removes and returns the row with `id`, if there is one.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions[id] else { return nil }
    let removed = elements.remove(at: position)
    structureChanged()
    return removed
  }

  /// Removes every row for which `shouldRemove` is true.
  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    let before = elements.count
    try elements.removeAll(where: shouldRemove)
    guard elements.count != before else { return }
    structureChanged()
  }

  /// Moves the row with `id` to `position` (clamped), keeping the others in order.
  public mutating func move(id: Element.ID, to position: Int) {
    guard let from = positions[id] else { return }
    let element = elements.remove(at: from)
    elements.insert(element, at: Swift.min(Swift.max(position, 0), elements.count))
    structureChanged()
  }

  /// Indexes the rows again after rows were added, removed or moved, and records that.
  private mutating func structureChanged() {
    positions = Dictionary(
      elements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    changes.recordStructure()
  }
}

extension Rows: RandomAccessCollection {
  /// The position of the first row.
  public var startIndex: Int { 0 }
  /// The position after the last row.
  public var endIndex: Int { elements.count }
  /// The row at `position`.
  public subscript(position: Int) -> Element { elements[position] }
}

extension Rows: ExpressibleByArrayLiteral {
  /// Rows from an array literal.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension Rows: Equatable where Element: Equatable {
  /// Whether both hold equal rows in the same order; the change record is not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension Rows: CustomReflectable {
  /// The rows, as a collection: what test failures print, without the change record.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension Rows: CustomStringConvertible {
  /// The rows, as an array prints.
  public var description: String { elements.description }
}
