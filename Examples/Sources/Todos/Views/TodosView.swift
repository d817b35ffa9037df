import MVIKit
import MVIKitTerminal

/// The todo list: a field to add, the filtered list, and what failed, if anything.
public struct TodosView: View {
  let store: Store<TodosModel>

  /// A view of `store`'s todos.
  public init(store: Store<TodosModel>) {
    self.store = store
  }

  /// The screen for the current store.
  public var body: some View {
    VStack {
      TextField(
        "What needs doing? (Enter adds)", text: store.draft,
        onSubmit: {
          store.send(.addTapped)
        }
      ) { store.send(.draftChanged($0)) }
      Text(store.message ?? "").foreground(.red)
      HStack {
        ForEach(TodoFilter.allCases) { filter in
          if filter == store.filter {
            Text("[\(filter.rawValue)]").bold().foreground(.cyan)
          } else {
            Text(filter.rawValue).dim()
          }
        }
        Spacer()
        Text("\(store.activeCount) left of \(store.todos.count)")
      }
      Divider()
      if store.isLoading {
        Spinner("Loading…")
        Spacer()
      } else if store.visible.isEmpty {
        Text(store.todos.isEmpty ? "Nothing to do yet." : "No \(store.filter.rawValue) todos.")
          .dim()
        Spacer()
      } else {
        List(
          store.visible, selection: store.selection,
          onSelect: { store.send(.selectionMoved($0)) },
          onActivate: { _ in store.send(.toggleTapped) }
        ) { todo, _ in
          if todo.isDone {
            Text("[x] \(todo.title)").strikethrough().dim()
          } else {
            Text("[ ] \(todo.title)")
          }
        }
      }
    }
    .onKey(.space, help: "Toggle") { store.send(.toggleTapped) }
    .onKey(["d", .delete], help: "Delete") { store.send(.deleteTapped) }
    .onKey("f", help: "Filter") { store.send(.filterTapped) }
  }
}
