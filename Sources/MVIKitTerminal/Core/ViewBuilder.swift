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
  public static func buildOptional(_ view: (any View)?) -> any View { view ?? ViewGroup([]) }

  /// The `if` branch of an `if`/`else` or the first cases of a `switch`.
  public static func buildEither(first view: any View) -> any View { view }

  /// The `else` branch of an `if`/`else` (also an `else if` chain) or the last cases of a
  /// `switch`.
  public static func buildEither(second view: any View) -> any View { view }

  /// A `for` loop.
  public static func buildArray(_ groups: [ViewGroup]) -> any View { ViewGroup(groups) }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ view: any View) -> any View { view }
}
