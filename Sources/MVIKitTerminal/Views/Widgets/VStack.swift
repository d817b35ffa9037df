/// Views stacked top to bottom.
///
/// Views that grow vertically (``Spacer``, ``List``) share the height left over by the
/// others.
public struct VStack: View, StackElement {
  let layout: StackLayout
  let items: [StackLayout.Child]

  /// Stacks `content` with `spacing` empty rows between views, aligned by `alignment`.
  public init(
    alignment: Alignment = .leading, spacing: Int = 0, @ViewBuilder content: () -> ViewGroup
  ) {
    layout = StackLayout(axis: .vertical, spacing: max(0, spacing), alignment: alignment)
    items = content().items
  }
}
