/// A collection whose elements are reached by id (`rows[id: 3]`): what lets a test made from
/// a recording assert the change of one row, or of one screen of a navigation stack, instead of
/// the whole collection.
package protocol ElementsByID {
  /// The ids, in order, each with its element.
  var elementsByID: [(id: AnyHashable, element: Any)] { get }
}

extension Rows: ElementsByID {
  package var elementsByID: [(id: AnyHashable, element: Any)] {
    map { (AnyHashable($0.id), $0) }
  }
}
