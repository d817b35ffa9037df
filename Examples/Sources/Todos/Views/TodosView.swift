import MVIKit
import MVIKitTerminal

/// The todo list: a field to add or rename, the filtered list, and what failed, if anything.
public struct TodosView: View {
  let store: Store<TodosModel>

  /// A view of `store`'s todos.
  public init(store: Store<TodosModel>) {
    self.store = store
  }

  /// The screen for the current store.
  public var body: some View {
    VStack {
      if let rename = store.rename {
        Text("Renaming \"\(rename.originalTitle)\": Enter saves, Esc cancels").foreground(.cyan)
      }
      TextField(
        store.rename == nil
          ? "What needs doing? (Enter adds)" : "New title (Enter renames)", text: store.draft,
        onSubmit: {
          store.send(.addTapped)
        }
      ) { store.send(.draftChanged($0)) }
      .focused(store.binding(\.isDraftFocused, send: TodosModel.Intent.draftFocusChanged))
      if let first = store.adding.first {
        let more = store.adding.count - 1
        Text("Adding \"\(first)\"…" + (more > 0 ? " and \(more) more" : "")).dim()
      }
      if let message = store.message {
        Text(message).foreground(.red)
      } else if let undo = store.undo {
        Text(undo.hint).dim()
      } else {
        Text("")
      }
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
      if store.unreadableCount > 0 {
        Text(Self.unreadableNote(store.unreadableCount)).foreground(.yellow)
      }
      if let note = store.scope(TodosModel.note) {
        TodoNoteView(store: note)
      } else if store.isLoading {
        Spinner("Loading…")
        Spacer()
      } else if store.visible.isEmpty {
        Text(store.todos.isEmpty ? "Nothing to do yet." : "No \(store.filter.rawValue) todos.")
          .dim()
        Spacer()
      } else {
        let rows = visibleRows
        List(
          rows, selection: store.selection,
          onSelect: { store.send(.selectionMoved($0)) },
          onActivate: { rows[$0].send(.toggleTapped) }, activateHelp: "Toggle"
        ) { row, _ in
          TodoRowView(store: row)
        }
      }
    }
    // Each key is offered only when it would act: no row to toggle, delete or rename in an
    // empty list, nothing to clear without a done todo, nothing to undo. In the order of how
    // much a user needs them: a narrow bar drops the last ones first.
    .onKey(.space, help: "Toggle", isEnabled: hasSelection) { toggleSelected() }
    .onKey(["d", .delete], help: "Delete", isEnabled: hasSelection) { store.send(.deleteTapped) }
    .onKey("f", help: "Filter") { store.send(.filterTapped) }
    .onKey("e", help: "Rename", isEnabled: hasSelection) { store.send(.editTapped) }
    .onKey("n", help: "Note", isEnabled: hasSelection && store.note == nil) {
      store.send(.noteTapped)
    }
    .onKey("x", help: "Clear done", isEnabled: store.activeCount < store.todos.count) {
      store.send(.clearCompletedTapped)
    }
    .onKey("u", help: undoHelp, isEnabled: store.undo != nil) { store.send(.undoTapped) }
  }

  /// Whether a row is highlighted, for the keys that act on it.
  private var hasSelection: Bool { store.selected != nil }

  /// What `u` would undo.
  private var undoHelp: String {
    if case .renamed? = store.undo { "Undo rename" } else { "Undo delete" }
  }

  /// What the screen says about rows another program wrote that are not to-dos.
  static func unreadableNote(_ count: Int) -> String {
    let rows = count == 1 ? "1 row" : "\(count) rows"
    return "\(rows) of the file could not be read as to-dos (written by another program?); "
      + "they are left as they are."
  }

  /// The rows' own stores, for the todos the filter lets through.
  private var visibleRows: [Store<TodoRow>] {
    let filter = store.filter
    return store.scope(TodosModel.rows).filter { filter.includes($0.todo) }
  }

  private func toggleSelected() {
    let rows = visibleRows
    guard rows.indices.contains(store.selection) else { return }
    rows[store.selection].send(.toggleTapped)
  }
}

/// One todo: its box, its title, and a save in flight or what failed.
struct TodoRowView: View {
  let store: Store<TodoRow>

  var body: some View {
    HStack {
      if store.todo.isDone {
        Text("[x] \(store.todo.title)").strikethrough().dim()
      } else {
        Text("[ ] \(store.todo.title)")
      }
      if !store.todo.note.isEmpty { Text("✎").dim() }
      if store.isSaving { Text("saving…").dim() }
      if let problem = store.problem { Text(problem).foreground(.red).lineLimit(1) }
    }
  }
}
