/// A piece of terminal UI, computed from state.
///
/// Compose views in ``body`` with ``ViewBuilder``, the way SwiftUI does:
///
/// ```swift
/// struct CounterView: View {
///   let store: Store<Counter>
///
///   var body: some View {
///     VStack {
///       Text("Count: \(store.count)").bold()
///       Button("Increment") { store.send(.increment) }
///       HelpBar()
///     }
///   }
/// }
/// ```
///
/// A view is a value: it reads the state it needs when the runtime renders it, and it changes
/// state only by sending intents from its key handlers.
@MainActor
public protocol View {
  /// The type of view that this view is made of.
  associatedtype Body: View
  /// The content of the view.
  @ViewBuilder var body: Body { get }
}

extension View where Body == EmptyView {
  /// Built-in views draw themselves; their body is empty and never used.
  public var body: EmptyView { EmptyView() }
}
