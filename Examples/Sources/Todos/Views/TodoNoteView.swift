import MVIKit
import MVIKitTerminal

/// The note editor: the todo's note in a multi-line area, saved when the user leaves it.
struct TodoNoteView: View {
  let store: Store<TodoNote>

  var body: some View {
    VStack {
      Text("Note for \"\(store.title)\": Esc saves and closes").foreground(.cyan)
      TextArea("Write a note…", text: store.text) { store.send(.textChanged($0)) }
        .focused(store.binding(\.isFocused, send: TodoNote.Intent.focusChanged))
      if store.isSaving { Text("Saving the note…").dim() }
      if let message = store.message { Text(message).foreground(.red) }
    }
  }
}
