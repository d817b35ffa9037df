/// One view for each element of a collection, inside a stack.
///
/// ```swift
/// VStack {
///   ForEach(store.todos) { todo in Text(todo.title) }
/// }
/// ```
///
/// For long or scrolling collections use ``List``, which draws only the visible rows.
public struct ForEach: View {
  private let group: ViewGroup

  /// Makes a view with `content` for each element of `data`.
  public init<Data: Sequence>(
    _ data: Data, @ViewBuilder content: (Data.Element) -> some View
  ) {
    group = ViewGroup(data.map { content($0) as any View })
  }

  /// The views, one per element.
  public var body: ViewGroup { return group }
}
