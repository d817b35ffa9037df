import MVIKit
import MVIKitTerminal
import Testing

/// The key help lists the keys of the screen shown, from what the views and bindings
/// registered, not from a hand-written list.
@MainActor
@Suite struct KeyHelpTests {
  @Test func theKeyHelpListsThisScreensKeysOneALine() {
    var isShown = false
    let screen = KeyRuleTests.Screen()
    let terminal = HeadlessTerminal(size: Size(width: 70, height: 24), quitKeys: ["q"]) {
      screen.view().keyHelp(isPresented: isShown) { isShown.toggle() }
    }
    terminal.press(.tab, "?")
    #expect(isShown)
    let text = terminal.text
    #expect(terminal.grid.contains("Keys on this screen"))
    // The title has a space on each side and the edge goes on after it to the corner.
    #expect(text.contains { $0.contains("┌ Keys on this screen ─") })
    for line in [
      "Tab    Next view", "Esc    Leave a text field", "Type   Edit", "↑↓     Move",
      "d/Del  Delete", "u      Undo", "e      Rename", "Esc    Back", "q      Quit",
    ] {
      #expect(text.contains { $0.contains(line) }, "\(line) missing")
    }
    terminal.press(.escape)
    #expect(!isShown)
  }

  @Test func aBoxJustWideEnoughForItsTitleKeepsASpaceAndAStrokeBeforeTheCorner() {
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 5)) {
      HStack {
        Box("Title") { Text("x") }
        Spacer()
      }
    }
    #expect(terminal.text[0].hasPrefix("┌ Title ─┐"))
  }
}
