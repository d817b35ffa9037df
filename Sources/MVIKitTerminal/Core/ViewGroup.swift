/// Several views in a row, as built by ``ViewBuilder``; stacks lay out its members one by one,
/// and on its own it stacks them vertically.
public struct ViewGroup: View, StackElement {
  let children: [any View]
  /// The children resolved once, when the group is made: measuring, flexing and drawing all
  /// read these, so no body is evaluated twice in a frame.
  let items: [StackLayout.Child]

  var layout: StackLayout { StackLayout(axis: .vertical, spacing: 0, alignment: .leading) }

  /// Groups `children`.
  public init(_ children: [any View]) {
    self.children = children
    items = StackLayout.flatten(children)
  }
}
