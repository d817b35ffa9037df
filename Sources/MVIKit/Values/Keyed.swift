/// A value addressed to one row of a list: a row's intent or side effect with the row's id.
///
/// A parent carries its rows' intents in one case, `case todos(Keyed<Todo.ID, TodoRow.Intent>)`,
/// and MVIKit's `RowsLink` routes each to its row.
public struct Keyed<ID: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The row's id.
  public var id: ID
  /// What is addressed to the row.
  public var value: Value

  /// `value` addressed to the row with `id`.
  public init(_ id: ID, _ value: Value) {
    self.id = id
    self.value = value
  }
}

extension Keyed: Equatable where Value: Equatable {}
extension Keyed: Hashable where Value: Hashable {}
// Encoded as `{"id": …, "value": …}`, so a recorded row intent names its row.
extension Keyed: Encodable where ID: Encodable, Value: Encodable {}
extension Keyed: Decodable where ID: Decodable, Value: Decodable {}

extension Keyed where Value == Never {
  /// A keyed `Never` cannot exist; this lets a row without side effects embed its none.
  package var unreachable: Never {
    switch value {}
  }
}
