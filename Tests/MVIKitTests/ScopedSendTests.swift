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

  @Test func aRootLetGoOfDuringAScopedSendLivesUntilTheSendIsOver() {
    // Only this variable owns the root. The flow observer lets go of it at the first intent,
    // while the send still has the fed-back intent to reduce, into the root's own state.
    var root: Store<Echoer>?
    weak var freed: Store<Echoer>?
    var reduced: [(Echoer.Intent, rootAlive: Bool)] = []
    root = Store(
      initialState: Echoer.State(), model: Echoer(),
      attaching: [
        FlowObserver { event in
          guard case .intent(let intent) = event else { return }
          reduced.append((intent, freed != nil))
          root = nil
        }
      ])
    freed = root
    let sheet = root!.scope(Echoer.sheet)
    sheet.send(.typed("bye"))
    #expect(reduced.map(\.0) == [.sheet(.typed("bye")), .echoed])
    #expect(reduced.map(\.rootAlive) == [true, true])
    #expect(freed == nil)
    // Cut off as its root was freed: it drops what it is sent.
    sheet.send(.typed("again"))
    #expect(reduced.count == 2)
  }

  @Test func aStoreScopedFromADismissedChildNeverReachesTheChildPresentedAfterIt() {
    let desk = Store(initialState: Desk.State(), model: Desk())
    desk.send(.opened)
    // Held, as a view holds it: a freed store cuts off what was scoped from it anyway.
    let shell = desk.scope(Desk.shell)!
    let host = shell.scope(Shell.host)
    host.send(.presentTapped)
    #expect(host.presentations == 1)
    desk.send(.closed)
    desk.send(.opened)
    // The send goes to the root without stopping at the dismissed shell's store, so the
    // dismissal must have reached the host's store too.
    host.send(.presentTapped)
    #expect(desk.shell?.host.presentations == 0)
    #expect(host.presentations == 1)
    // Scoped again from the new shell's store, it reaches the new shell.
    desk.scope(Desk.shell)?.scope(Shell.host).send(.presentTapped)
    #expect(desk.shell?.host.presentations == 1)
  }

  @Test func aStoreScopedFromACutOffStoreIsCutOffToo() {
    let desk = Store(initialState: Desk.State(), model: Desk())
    desk.send(.opened)
    let shell = desk.scope(Desk.shell)!
    desk.send(.closed)
    desk.send(.opened)
    let host = shell.scope(Shell.host)
    host.send(.presentTapped)
    #expect(desk.shell?.host.presentations == 0)
  }

  @Test func aStoreTwoLevelsDownThatOutlivesItsRootDropsWhatItIsSent() async {
    var shell: Store<Shell>? = Store(initialState: Shell.State(), model: Shell())
    shell!.send(.host(.presentTapped))
    let sheet = shell!.scope(Shell.host).scope(Host.sheet)!
    weak let freed = shell
    shell = nil
    #expect(freed == nil)
    await sheet.send(.typed("late")).finish()
    #expect(sheet.text == "")
  }
}
