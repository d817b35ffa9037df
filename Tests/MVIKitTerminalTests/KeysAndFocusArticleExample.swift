import MVIKit
import MVIKitTerminal
import Testing

// The Keys and Focus article's code, compiled and run here: MVIKitTests'
// TerminalArticleSnippetTests fails when the article's block is not found in this file line for
// line.

/// The article's rename: a title field whose focus follows the state, over a list with letter
/// shortcuts, in a namespace of its own.
enum KeysAndFocusArticle {
  struct Todos: Model {
    struct State: Equatable, Sendable {
      var items = ["milk", "bread"]
      var selection = 0
      var draft = ""
      var isDraftFocused = false
    }
    enum Intent: Equatable, Sendable {
      case draftChanged(String)
      case draftFocusChanged(Bool)
      case selected(Int)
      case renameTapped
      case deleteTapped
    }

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .draftChanged(let text): state.draft = text
      case .draftFocusChanged(let isFocused): state.isDraftFocused = isFocused
      case .selected(let index): state.selection = index
      case .renameTapped:
        // The rename fills the field and puts the focus in it.
        state.draft = state.items[state.selection]
        state.isDraftFocused = true
      case .deleteTapped:
        state.items.remove(at: state.selection)
        state.selection = max(0, min(state.selection, state.items.count - 1))
      }
      return .none
    }

    /// Nested in the model, so that the article's `Intent` is the model's.
    struct TodosView: View {
      let store: Store<Todos>

      var body: some View {
        VStack {
          TextField("Title", text: store.draft) { store.send(.draftChanged($0)) }
            .focused(store.binding(\.isDraftFocused, send: Intent.draftFocusChanged))
          List(store.items, selection: store.selection, onSelect: { store.send(.selected($0)) }) {
            item, _ in Text(item)
          }
          HelpBar()
        }
        .onKey("e", help: "Rename") { store.send(.renameTapped) }
        .onKey("d", help: "Delete", isEnabled: !store.items.isEmpty) {
          store.send(.deleteTapped)
        }
      }
    }
  }
}

@MainActor
@Suite struct KeysAndFocusArticleTests {
  typealias Todos = KeysAndFocusArticle.Todos

  func keyBar(_ terminal: HeadlessTerminal) -> String {
    terminal.text[5].trimmingCharacters(in: .whitespaces)
  }

  /// The article's rename: the state puts the focus in the field, the title is typed into it
  /// rather than taken as the list's shortcuts, and the flag follows the user's Tab off it.
  @Test func aRenameFocusesTheFieldAndTheTitleIsTypedIntoIt() {
    let store = Store(initialState: Todos.State(), model: Todos())
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 6)) {
      Todos.TodosView(store: store)
    }
    terminal.press(.tab, .down)
    #expect(keyBar(terminal).contains("e Rename"))
    #expect(keyBar(terminal).contains("d Delete"))
    terminal.press("e")
    #expect(store.draft == "bread")
    #expect(store.isDraftFocused)
    #expect(terminal.cursor?.row == 0)
    #expect(keyBar(terminal).contains("Esc Leave field"))
    #expect(!keyBar(terminal).contains("e Rename"))
    terminal.type(" and jam")
    #expect(store.draft == "bread and jam")
    #expect(store.items == ["milk", "bread"])
    terminal.press(.tab)
    #expect(!store.isDraftFocused)
    #expect(terminal.cursor == nil)
    terminal.press("d")
    #expect(store.items == ["milk"])
  }
}
