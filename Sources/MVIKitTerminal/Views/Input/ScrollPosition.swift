/// Where a scrolling view's rows start, kept between frames at the view's place; the views
/// that keep more (a text area's cursor, a list's filter) extend it.
@MainActor
class ScrollPosition {
  /// The first row shown; nil before the view's first frame.
  var offset: Int?
}
