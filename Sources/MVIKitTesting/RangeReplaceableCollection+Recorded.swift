extension RangeReplaceableCollection where Self: BidirectionalCollection {
  /// Removes the last `count` elements, as a test made from a recording asserts a list that
  /// shrank at its end (`try $0.items.removeLast(recorded: 1)`), and throws where
  /// `removeLast(_:)` would trap.
  ///
  /// A test made from a recording applies each step's change to the state the store really
  /// had: when an earlier step already went otherwise (a regressed reducer), the list may hold
  /// fewer elements than the recording's did. The test then fails with this error, and the
  /// tests after it still run.
  ///
  /// - Throws: ``RecordedRemovalMismatch`` when the collection has fewer than `count`
  ///   elements; the collection is left as it was.
  public mutating func removeLast(recorded count: Int) throws {
    guard count <= self.count else {
      throw RecordedRemovalMismatch(removed: count, present: self.count)
    }
    removeLast(count)
  }
}

/// A test made from a recording removes more elements from a list than the list holds: the
/// state had already gone otherwise than the recording's.
public struct RecordedRemovalMismatch: Error, CustomStringConvertible {
  /// How many elements the recording saw removed.
  public let removed: Int
  /// How many the list held.
  public let present: Int

  /// The error as a sentence.
  public var description: String {
    "The recording removed the last \(removed) element\(removed == 1 ? "" : "s") of a list that "
      + "holds \(present) here: the state had already gone otherwise than the recording's."
  }
}
