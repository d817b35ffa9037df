/// Views side by side, left to right.
///
/// Views that grow horizontally (``Spacer``, ``TextField``) share the width left over by the
/// others.
public struct HStack: View, StackElement {
  let layout: StackLayout
  let items: [StackLayout.Child]

  /// Stacks `content` with `spacing` empty columns between views, aligned by `alignment`.
  public init(
    alignment: Alignment = .leading, spacing: Int = 1, @ViewBuilder content: () -> ViewGroup
  ) {
    layout = StackLayout(axis: .horizontal, spacing: max(0, spacing), alignment: alignment)
    items = content().items
  }
}
