import MVIKit
import MVIKitTesting
import Testing

@MainActor
@Suite struct OptionalChildTests {
  @Test func theChildRunsOnlyWhileItsStateIsThere() {
    let store = Store(initialState: Host.State(), model: Host())
    #expect(store.scope(Host.sheet) == nil)
    store.send(.presentTapped)
    let sheet = store.scope(Host.sheet)
    sheet?.send(.typed("hello"))
    #expect(store.sheet?.text == "hello")
    #expect(sheet?.text == "hello")
    #expect(store.scope(Host.sheet) === sheet)
  }

  @Test func dismissingTheChildCancelsItsEffects() async {
    let model = Host()
    let store = Store(initialState: Host.State(), model: model)
    store.send(.presentTapped)
    let listening = store.send(.sheet(.listenTapped))
    store.send(.dismissTapped)
    await listening.finish()
    #expect(model.sheetModel.cancelled.withLock { $0 } == 1)
    #expect(store.runningEffectCount == 0)
  }

  @Test func dismissingAChildDeepInTheTreeCancelsItsEffects() async {
    let model = Shell()
    let store = Store(initialState: Shell.State(), model: model)
    store.send(.host(.presentTapped))
    let listening = store.send(.host(.sheet(.listenTapped)))
    store.send(.host(.sheet(.ticked)))
    #expect(store.runningEffectCount == 1)
    store.send(.host(.dismissTapped))
    await listening.finish()
    #expect(model.hostModel.sheetModel.cancelled.withLock { $0 } == 1)
  }

  @Test func theTestStoreSeesDismissalAsTheEndOfTheChildsEffects() async {
    let store = TestStore(initialState: Host.State(), model: Host())
    await store.send(.presentTapped) {
      $0.sheet = Sheet.State()
      $0.presentations = 1
    }
    await store.send(.sheet(.listenTapped))
    await store.send(.dismissTapped) { $0.sheet = nil }
    await store.finish()
  }

  @Test func anIntentForAnAbsentChildIsReportedAndDropped() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Host.State(), model: Host(), attaching: [warnings.observer()])
    store.send(.sheet(.typed("late")))
    #expect(store.sheet == nil)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("typed(\"late\")") == true)
    #expect(warnings.all.first?.contains("not there") == true)
  }

  @Test func anIntentForAnAbsentChildFailsAtTheSendThatMadeIt() async {
    let store = TestStore(initialState: Host.State(), model: Host())
    let line = #line + 2
    await withKnownIssue {
      await store.send(.sheet(.typed("late")))
    } matching: { issue in
      issue.description.contains("not there") && issue.sourceLocation?.line == line
    }
    await store.finish()
  }

  @Test func aDismissedChildsStoreStaysCutOffWhenTheChildIsPresentedAgain() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Host.State(), model: Host(), attaching: [warnings.observer()])
    store.send(.presentTapped)
    let first = store.scope(Host.sheet)
    // Dismissed and presented again with nothing reading the sheet in between.
    store.send(.dismissTapped)
    store.send(.presentTapped)
    // A misuse on a scoped store reaches the root store's flow observer.
    first?.send(.typed("stale"))
    #expect(store.sheet?.text == "")
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("typed(\"stale\")") == true)
    let second = store.scope(Host.sheet)
    #expect(second != nil && second !== first)
    second?.send(.typed("new"))
    #expect(store.sheet?.text == "new")
  }

  @Test func aDismissedChildsStoreDropsWhatItIsSentAndANewPresentationGetsANewStore() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: Host.State(), model: Host(), attaching: [warnings.observer()])
    store.send(.presentTapped)
    let first = store.scope(Host.sheet)
    first?.send(.typed("first"))
    #expect(first?.text == "first")
    store.send(.dismissTapped)
    #expect(store.scope(Host.sheet) == nil)
    store.send(.presentTapped)
    let second = store.scope(Host.sheet)
    #expect(second != nil && second !== first)
    first?.send(.typed("stale"))
    #expect(store.sheet?.text == "")
    #expect(first?.text == "first")
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("typed(\"stale\")") == true)
    #expect(warnings.all.first?.contains("its part of its parent's state is gone") == true)
  }

  @Test func aChildDismissedAfterItsSiblingIsStillCutOffAtItsDismissal() {
    let warnings = RuntimeWarnings()
    let store = Store(
      initialState: TwoSheets.State(), model: TwoSheets(), attaching: [warnings.observer()])
    store.send(.bothPresented)
    #expect(store.scope(TwoSheets.left) != nil)
    let right = store.scope(TwoSheets.right)
    store.send(.leftDismissed)
    #expect(store.scope(TwoSheets.left) == nil)
    // Dismissed and presented again before anything scopes it: the old store is cut off.
    store.send(.rightDismissed)
    store.send(.rightPresented)
    right?.send(.typed("stale"))
    #expect(store.right?.text == "")
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("its part of its parent's state is gone") == true)
  }

  @Test func aDismissedChildsStoreKeptPastItsParentDropsWhatItIsSent() {
    var store: Store<Host>? = Store(initialState: Host.State(), model: Host())
    store?.send(.presentTapped)
    let sheet = store?.scope(Host.sheet)
    store?.send(.dismissTapped)
    // Scoping again finds the child gone: the parent forgets its store before it is freed.
    #expect(store?.scope(Host.sheet) == nil)
    store = nil
    sheet?.send(.typed("late"))
    #expect(sheet?.text == "")
  }
}
