import MVIKit
import MVIKitTerminal
import Testing

/// The key rule: a focused text field takes the printable keys, Tab and Esc take the focus
/// out of it, and the key bar lists only the keys that act with the focus where it is.
@MainActor
@Suite struct KeyRuleTests {
  /// A screen like a todo list: a field to add, a list, and letter shortcuts around them.
  final class Screen {
    var draft = ""
    var items = ["milk", "bread"]
    var selection = 0
    var deleted: [String] = []
    var backs = 0
    var isDraftFocused = false
    var focusReports: [Bool] = []

    @MainActor
    func view() -> some View {
      VStack {
        TextField("What needs doing?", text: draft) { self.draft = $0 }
          .focused(isDraftFocused) {
            self.isDraftFocused = $0
            self.focusReports.append($0)
          }
        if items.isEmpty {
          Text("Nothing to do.")
        } else {
          List(items, selection: selection, onSelect: { self.selection = $0 }) { item, _ in
            Text(item)
          }
        }
        Spacer()
        HelpBar()
      }
      .onKey(["d", .delete], help: "Delete") {
        guard self.items.indices.contains(self.selection) else { return }
        self.deleted.append(self.items.remove(at: self.selection))
        self.selection = max(0, min(self.selection, self.items.count - 1))
      }
      .onKey("u", help: "Undo") {
        guard let last = self.deleted.popLast() else { return }
        self.items.append(last)
      }
      .onKey("e", help: "Rename") {
        self.draft = self.items[self.selection]
        self.isDraftFocused = true
      }
      .onKey(.escape, help: "Back") { self.backs += 1 }
    }
  }

  func terminal(_ screen: Screen, width: Int = 80) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: width, height: 8), quitKeys: ["q"]) { screen.view() }
  }

  func keyBar(_ terminal: HeadlessTerminal) -> String {
    terminal.text[7].trimmingCharacters(in: .whitespaces)
  }

  @Test func whileAFieldHasTheFocusTheKeyBarListsNoLetterShortcuts() {
    let screen = Screen()
    let terminal = terminal(screen)
    let typing = keyBar(terminal)
    #expect(typing.hasPrefix("Tab Next  Type Edit  Esc Leave field"))
    for shortcut in ["q Quit", "u Undo", "d/Del Delete", "e Rename", "Esc Back"] {
      #expect(!typing.contains(shortcut), "\(shortcut) shows while typing")
    }
    terminal.type("qude")
    #expect(screen.draft == "qude")
    #expect(!terminal.didQuit && screen.deleted.isEmpty)
    terminal.press(.tab)
    let onTheList = keyBar(terminal)
    #expect(onTheList.contains("↑↓ Move"))
    for shortcut in ["d/Del Delete", "u Undo", "e Rename", "Esc Back", "q Quit"] {
      #expect(onTheList.contains(shortcut), "\(shortcut) missing with the list focused")
    }
  }

  @Test func aBindingShowsOnlyTheKeysTheFocusedFieldLeavesIt() {
    var count = 0
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 3)) {
      VStack {
        TextField("Search", text: "") { _ in }
        HelpBar()
      }
      .onKey(["+", .pageUp], help: "Increment") { count += 1 }
    }
    #expect(terminal.text[1].contains("PgUp Increment"))
    #expect(!terminal.text[1].contains("+/PgUp"))
    terminal.press(.pageUp)
    #expect(count == 1)
  }

  @Test func tabLeavesAFieldThatIsTheOnlyFocusableView() {
    let screen = Screen()
    screen.items = []
    screen.deleted = ["milk"]
    let terminal = terminal(screen)
    terminal.press(.tab)
    #expect(terminal.focusedID == nil)
    #expect(terminal.cursor == nil)
    #expect(keyBar(terminal).contains("u Undo"))
    terminal.press("u")
    #expect(screen.items == ["milk"])
    #expect(screen.draft == "")
    terminal.press(.backTab, .backTab)
    terminal.type("x")
    #expect(screen.draft == "x")
  }

  @Test func escapeLeavesAFieldForTheNextViewAndOnlyThenMeansBack() {
    let screen = Screen()
    let terminal = terminal(screen)
    terminal.type("a")
    terminal.press(.escape)
    #expect(screen.backs == 0)
    #expect(terminal.cursor == nil)
    terminal.press("d")
    #expect(screen.deleted == ["milk"])
    #expect(screen.draft == "a")
    terminal.press(.escape)
    #expect(screen.backs == 1)
  }

  @Test func deletingTheLastRowDoesNotDropTheFocusIntoTheField() {
    let screen = Screen()
    screen.items = ["only"]
    let terminal = terminal(screen)
    terminal.press(.tab, "d")
    #expect(screen.items.isEmpty)
    // The list is gone: the keys go on reaching the screen's bindings, not the field.
    #expect(terminal.cursor == nil)
    #expect(keyBar(terminal).contains("u Undo"))
    terminal.press("u")
    #expect(screen.items == ["only"])
    #expect(screen.draft == "")
    // The list is back, and so is its focus.
    terminal.press("d")
    #expect(screen.items.isEmpty)
  }

  @Test func stateMovesTheFocusAndHearsWhenTheUserMovesIt() {
    let screen = Screen()
    let terminal = terminal(screen)
    terminal.press(.tab, .down, "e")
    #expect(screen.draft == "bread")
    #expect(terminal.cursor?.row == 0)
    terminal.type(" and visa")
    #expect(screen.draft == "bread and visa")
    #expect(screen.items == ["milk", "bread"])
    #expect(screen.deleted.isEmpty)
    terminal.press(.tab)
    // Off the field twice, by Tab each time; the move onto it was the state's own.
    #expect(screen.focusReports == [false, false])
    #expect(!screen.isDraftFocused)
    terminal.press(.up, "e")
    #expect(screen.draft == "milk")
    terminal.type("!")
    #expect(screen.draft == "milk!")
  }

  @Test func textPutInAFieldByTheStateIsTypedOnAtItsEnd() {
    let screen = Screen()
    let terminal = terminal(screen)
    // A cursor left two characters in by the last title typed…
    terminal.type("ab")
    screen.draft = ""
    _ = terminal.grid
    terminal.press(.tab, .down, "e")
    #expect(screen.draft == "bread")
    // …is not where the rename goes on.
    terminal.type(" and visa")
    #expect(screen.draft == "bread and visa")
  }

  @Test func theKeyBarDropsTheLastKeysRatherThanCutALabel() {
    let screen = Screen()
    let terminal = HeadlessTerminal(size: Size(width: 44, height: 8), quitKeys: ["q"]) {
      screen.view().keyHelp(isPresented: false) {}
    }
    terminal.press(.tab)
    let bar = keyBar(terminal)
    // The screen's own keys give way; the key that lists them all and Quit never do.
    #expect(bar == "Tab Next  ↑↓ Move  ? Keys  q Quit")
    let labels = [
      "Tab Next", "↑↓ Move", "Esc Back", "d/Del Delete", "u Undo", "e Rename", "? Keys", "q Quit",
    ]
    let shown = bar.components(separatedBy: "  ")
    #expect(shown.allSatisfy(labels.contains), "a cut label in \(shown)")
  }

  @Test func aListNamesWhatEnterDoesOnIt() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 3)) {
      VStack {
        List(
          ["milk"], selection: 0, onSelect: { _ in }, onActivate: { _ in },
          activateHelp: "Toggle"
        ) { item, _ in Text(item) }
        HelpBar()
      }
    }
    #expect(terminal.text[2].hasPrefix("↑↓ Move  Enter Toggle"))
  }

  @Test func aListBeingFilteredTakesEscapeSoBackIsNotOffered() {
    var backs = 0
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 6)) {
      VStack {
        List(["Ada", "Bruno"], selection: 0, onSelect: { _ in }, filterText: { $0 }) {
          item, _ in Text(item)
        }
        HelpBar()
      }
      .onKey(.escape, help: "Back") { backs += 1 }
    }
    #expect(terminal.text[5].contains("Esc Back"))
    terminal.press("/")
    terminal.type("b")
    let bar = terminal.text[5]
    #expect(bar.contains("Esc Clear"))
    #expect(!bar.contains("Esc Back"))
    terminal.press(.escape)
    #expect(backs == 0)
    #expect(terminal.text[5].contains("Esc Back"))
  }
}
