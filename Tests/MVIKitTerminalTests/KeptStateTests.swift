import MVIKit
import Testing

@testable import MVIKitTerminal

/// What views keep between frames (a cursor, a scroll offset, a widget's state) stays with
/// their place while they are drawn and for a while after, and is then forgotten.
@MainActor
@Suite struct KeptStateTests {
  /// Which screen of a stack is shown: screen 0 holds a counter and a field, every other
  /// screen a counter of its own.
  final class Screens {
    var depth = 0
  }

  func terminal(
    _ screens: Screens, onChange: @escaping @MainActor (String) -> Void = { _ in }
  ) -> HeadlessTerminal {
    HeadlessTerminal(size: Size(width: 30, height: 4)) {
      NavigationStack(screens: Array(0...screens.depth), onPop: { screens.depth -= 1 }) {
        screen in
        if screen == 0 {
          WidgetTests.Clicker(label: "home")
          TextField("Draft", text: "hello", onChange: onChange)
        } else {
          WidgetTests.Clicker(label: "page \(screen)")
        }
      }
    }
  }

  @Test func aScreenUnderAnotherFindsItsStateAsItLeftIt() {
    let screens = Screens()
    var edited: [String] = []
    let terminal = terminal(screens) { edited.append($0) }
    terminal.press(.up, .up)
    #expect(terminal.text[0].hasPrefix("home 2"))
    // The field's cursor goes to the start of its text.
    terminal.press(.tab, .home)
    screens.depth = 1
    #expect(terminal.text[0].hasPrefix("page 1 0"))
    terminal.press(.escape)
    #expect(terminal.text[0].hasPrefix("home 2"))
    // The stack gives the screen back its focus, the field.
    terminal.type("x")
    // Typed where the cursor was left before the other screen was shown.
    #expect(edited == ["xhello"])
  }

  @Test func theStateOfViewsLongHiddenIsForgottenSoItCannotGrowWithoutEnd() {
    let screens = Screens()
    let terminal = terminal(screens)
    terminal.press(.up, .up, .up)
    #expect(terminal.text[0].hasPrefix("home 3"))
    // Visits more screens than the runtime keeps hidden states for, each drawing a view with
    // state at a new place.
    let visits = InteractionState.hiddenLimit + 50
    for depth in 1...visits {
      screens.depth = depth
      _ = terminal.grid
    }
    #expect(terminal.keptStateCount <= InteractionState.hiddenLimit + 1)
    screens.depth = 0
    #expect(terminal.text[0].hasPrefix("home 0"))
  }

  @Test func aViewOfAnotherKindAtAPlaceStartsFresh() {
    let state = InteractionState()
    let first = state.state(at: "0") { ScrollPosition() }
    first.offset = 7
    #expect(state.state(at: "0") { ScrollPosition() }.offset == 7)
    let other = state.state(at: "0") { TextField.Kept() }
    #expect(other.cursor == 0)
    #expect(state.state(at: "0") { ScrollPosition() }.offset == nil)
  }

  @Test func theLeastRecentlyDrawnHiddenStatesGoFirst() {
    let state = InteractionState()
    let limit = InteractionState.hiddenLimit
    // Frame 0 draws "old"; frames 1...limit+1 each draw one new place.
    state.state(at: "old") { ScrollPosition() }.offset = 1
    state.endFrame()
    for frame in 1...limit {
      _ = state.state(at: "place \(frame)") { ScrollPosition() }
      state.endFrame()
    }
    // "old" and limit - 1 other places are hidden now: within the limit, all kept.
    #expect(state.state(at: "old") { ScrollPosition() }.offset == 1)
    state.endFrame()
    _ = state.state(at: "new") { ScrollPosition() }
    state.endFrame()
    _ = state.state(at: "newer") { ScrollPosition() }
    state.endFrame()
    #expect(state.count == limit + 1)
    // "place 1", drawn longest ago, went; "old", drawn since, stayed.
    #expect(state.state(at: "place 1") { ScrollPosition() }.offset == nil)
    #expect(state.state(at: "old") { ScrollPosition() }.offset == 1)
  }
}
