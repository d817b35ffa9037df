import MVIKit
import MVIKitTerminal
import Testing

@testable import Users

/// The users screen keeps the width of its box, whatever it holds.
@MainActor
@Suite struct UsersViewTests {
  @Test func anEmptyListKeepsTheBoxAsWideAsTheScreen() {
    var state = UsersPresenter.State()
    state.users = []
    let store = Store(
      initialState: state, model: UsersPresenter(interactor: UsersInteractor(fetchUsers: { [] })))
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 12)) {
      Box("Users · VIPER · seed 003") { UsersView(store: store) }
    }
    #expect(terminal.grid.contains("No users."))
    let top = terminal.text[0]
    #expect(top.hasSuffix("┐") || top.hasSuffix("╮"))
    #expect(top.count == 80, "the box is \(top.count) columns wide")
  }
}
