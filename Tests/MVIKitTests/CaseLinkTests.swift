import MVIKit
import MVIKitTesting
import Testing

/// Children whose state is one case of an enum, linked without an accessor per case.
@MainActor
@Suite struct CaseLinkTests {
  @Test func theChildsStoreExistsWhileTheStateIsItsCase() {
    let store = Store(initialState: Pane.State.empty, model: Pane())
    #expect(store.scope(Pane.editor) == nil)
    store.send(.editorOpened("draft"))
    let editor = store.scope(Pane.editor)
    #expect(editor?.text == "draft")
    #expect(store.scope(Pane.preview) == nil)
    editor?.send(.typed("final"))
    #expect(store.state == .editor(Sheet.State(text: "final")))
    #expect(editor?.text == "final")
  }

  @Test func twoCasesCarryingTheSameChildAreKeptApart() {
    let store = Store(initialState: Pane.State.empty, model: Pane())
    store.send(.editorOpened("a"))
    #expect(store.scope(Pane.editor)?.text == "a")
    store.send(.previewOpened("b"))
    // Once learnt, the editor's case must not match the preview's value.
    #expect(store.scope(Pane.editor) == nil)
    #expect(store.scope(Pane.preview)?.text == "b")
    store.send(.editorOpened("c"))
    #expect(store.scope(Pane.preview) == nil)
    #expect(store.scope(Pane.editor)?.text == "c")
  }

  @Test func anIntentForAnotherCaseIsReportedAndDropped() {
    var warnings: [String] = []
    let store = Store(
      initialState: Pane.State.empty, model: Pane(),
      attaching: [
        FlowObserver { event in
          if case .runtimeWarning(let warning) = event { warnings.append(warning) }
        }
      ])
    store.send(.previewOpened("b"))
    store.send(.editor(.typed("late")))
    #expect(store.state == .preview(Sheet.State(text: "b")))
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("not the current one") == true)
  }

  @Test func replacingTheCaseCancelsTheChildsEffects() async {
    let sheet = Sheet()
    let store = Store(initialState: Pane.State.empty, model: Pane(sheet: sheet))
    store.send(.editorOpened("a"))
    store.send(.editor(.listenTapped))
    #expect(store.runningEffectCount == 1)
    store.send(.previewOpened("b"))
    #expect(store.runningEffectCount == 0)
    while sheet.cancelled.withLock({ $0 }) == 0 { await Task.yield() }
  }

  @Test func aReplacedCasesStoreIsCutOffAndANewOneIsMadeForTheNextStretch() {
    let store = Store(initialState: Pane.State.empty, model: Pane())
    store.send(.editorOpened("a"))
    let first = store.scope(Pane.editor)
    store.send(.cleared)
    store.send(.editorOpened("b"))
    first?.send(.typed("stale"))
    #expect(store.state == .editor(Sheet.State(text: "b")))
    let second = store.scope(Pane.editor)
    #expect(second != nil && second !== first)
  }

  @Test func payloadsWithReferencesSurviveManyReads() {
    let store = Store(initialState: Pane.State.empty, model: Pane())
    let long = String(repeating: "ünïcödé ", count: 50)
    store.send(.editorOpened(long))
    let editor = store.scope(Pane.editor)
    for index in 0..<10_000 {
      if index % 1_000 == 0 { editor?.send(.typed(long + "\(index)")) }
      #expect(editor?.text.hasPrefix(long) == true)
    }
    #expect(editor?.text == long + "9000")
  }

  @Test func anEnumAtAKeyPathInTheParentsState() {
    let store = Store(initialState: Window.State(), model: Window())
    #expect(store.scope(Window.editor) == nil)
    store.send(.opened("notes"))
    store.scope(Window.editor)?.send(.typed("notes, edited"))
    #expect(store.pane == .editor(Sheet.State(text: "notes, edited")))
    #expect(store.title == "notes")
  }

  @Test func anEnumWithAnIndirectCaseIsReadByReflection() {
    let store = Store(initialState: Outline.State.sheet(Sheet.State()), model: Outline())
    store.scope(Outline.sheet)?.send(.typed("x"))
    #expect(store.state == .sheet(Sheet.State(text: "x")))
    store.send(.nestedTapped)
    #expect(store.scope(Outline.sheet) == nil)
  }

  @Test func aTestStoreChecksAChildIntentThroughTheLink() async {
    let store = TestStore(initialState: Pane.State.empty, model: Pane())
    await store.send(.editorOpened("a")) { $0 = .editor(Sheet.State(text: "a")) }
    await store.send(.editor(.typed("b"))) { $0 = .editor(Sheet.State(text: "b")) }
    await store.finish()
  }
}
