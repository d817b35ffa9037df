extension Rows: Encodable where Element: Encodable {
  /// Encodes the rows as an array of their elements, in order; the change record is not
  /// encoded.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Array(self))
  }
}

extension Rows: Decodable where Element: Decodable {
  /// Decodes rows from an array of elements, in order, with an empty change record.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when two elements have the same id: rows are
  ///   unique by id, and dropping one silently would replay a different list.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    var seen = Set<Element.ID>()
    for (position, element) in elements.enumerated() {
      guard seen.insert(element.id).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription:
            "Rows holds more than one row with id \(element.id) (again at position "
            + "\(position)); row ids must be unique.")
      }
    }
    self.init(elements)
  }
}
