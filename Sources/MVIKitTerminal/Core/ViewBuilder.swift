/// Builds the content of containers and ``View/body`` from a list of views, `if`, `switch`
/// and `for` statements.
@resultBuilder
@MainActor
public enum ViewBuilder {
  /// Wraps one view.
  public static func buildExpression(_ view: some View) -> any View { view }

  /// Groups the views of a block.
  public static func buildBlock(_ views: any View...) -> ViewGroup { ViewGroup(views) }

  /// An `if` without `else`; the missing view still holds its place, so focus stays put.
  public static func buildOptional(_ group: ViewGroup?) -> any View { group ?? ViewGroup([]) }

  /// The `if` branch of an `if`/`else` or the first cases of a `switch`.
  public static func buildEither(first group: ViewGroup) -> any View { group }

  /// The `else` branch of an `if`/`else` or the last cases of a `switch`.
  public static func buildEither(second group: ViewGroup) -> any View { group }

  /// A `for` loop.
  public static func buildArray(_ groups: [ViewGroup]) -> any View { ViewGroup(groups) }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ view: any View) -> any View { view }
}
