import MVIKit
import Testing

/// A scoped store's send, which goes up level by level to the root store.
@MainActor
@Suite struct ScopedSendTests {
  @Test func aSendTwoLevelsDownReachesTheRootThroughEachKindOfLink() {
    let shell = Store(initialState: Shell.State(), model: Shell())
    let host = shell.scope(Shell.host)
    host.send(.presentTapped)
    let sheet = host.scope(Host.sheet)
    sheet?.send(.typed("deep"))
    #expect(shell.host.sheet?.text == "deep")
    #expect(sheet?.text == "deep")
    #expect(host.presentations == 1)
  }

  @Test func aSendIntoAScopedEnumCaseReachesTheRoot() {
    let pane = Store(initialState: Pane.State.empty, model: Pane())
    pane.send(.previewOpened("a"))
    let preview = pane.scope(Pane.preview)
    preview?.send(.typed("b"))
    #expect(pane.state == .preview(Sheet.State(text: "b")))
  }

  @Test func aScopedStoreThatOutlivesItsRootDropsWhatItIsSent() async {
    var shell: Store<Shell>? = Store(initialState: Shell.State(), model: Shell())
    let host = shell!.scope(Shell.host)
    host.send(.presentTapped)
    // It keeps the last state read through it.
    #expect(host.presentations == 1)
    weak let freed = shell
    shell = nil
    #expect(freed == nil)
    // Dropped, with a report on standard error: no crash, no work left running.
    await host.send(.dismissTapped).finish()
    #expect(host.presentations == 1)
  }
}
