/// A rename under way: the title field holds the new title of one todo until Enter saves it or
/// the field loses the focus, which ends the rename and brings back what the field held before.
public struct TodoRename: Equatable, Sendable, Codable {
  /// The todo being renamed.
  public var id: Int64
  /// Its title when the rename began, which the screen names ("Renaming 'milk'").
  public var originalTitle: String
  /// What the title field held before the rename took it over.
  public var draftBefore: String

  /// A rename of todo `id`, titled `originalTitle`, begun while the field held `draftBefore`.
  public init(id: Int64, originalTitle: String, draftBefore: String) {
    self.id = id
    self.originalTitle = originalTitle
    self.draftBefore = draftBefore
  }
}
