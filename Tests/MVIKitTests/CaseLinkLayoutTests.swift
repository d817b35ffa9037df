import MVIKit
import Testing

/// One payload case among empty ones, its payload a number (the Composition article's
/// `Score`): the tag sits in a byte of its own.
struct Lamp: Model {
  enum State: Equatable, Sendable {
    case on(Score.State)
    case off
    case broken
  }
  enum Intent: Equatable, Sendable {
    case tick(Score.Intent)
    case switched(State)
  }

  static let on = CaseLink<Lamp, Score>(case: State.on, intent: Intent.tick)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .tick(let intent): return Self.on.reduce(Score(), &state, intent)
    case .switched(let new):
      state = new
      return .none
    }
  }
}

/// One payload case among empty ones, its payload holding a string: the tag goes in the
/// payload's spare bits, which the reduce in place must clear and set again.
struct Label: Model {
  enum State: Equatable, Sendable {
    case showing(Sheet.State)
    case hidden
    case loading
  }
  enum Intent: Equatable, Sendable {
    case sheet(Sheet.Intent)
    case switched(State)
  }

  static let showing = CaseLink<Label, Sheet>(case: State.showing, intent: Intent.sheet)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .sheet(let intent): return Self.showing.reduce(Sheet(), &state, intent)
    case .switched(let new):
      state = new
      return .none
    }
  }
}

/// A `CaseLink` changes its case's payload in place whatever the enum's layout, and leaves the
/// enum a valid value of the right case after every send.
@MainActor
@Suite struct CaseLinkLayoutTests {
  @Test func aNumberPayloadBesideEmptyCases() {
    let store = Store(initialState: Lamp.State.on(Score.State()), model: Lamp())
    for _ in 0..<3 { store.send(.tick(.incremented)) }
    #expect(store.state == .on(Score.State(count: 3)))
    store.send(.switched(.broken))
    store.send(.tick(.incremented))
    #expect(store.state == .broken)
    store.send(.switched(.on(Score.State(count: 10))))
    store.send(.tick(.incremented))
    #expect(store.state == .on(Score.State(count: 11)))
    store.send(.switched(.off))
    store.send(.tick(.incremented))
    #expect(store.state == .off)
  }

  @Test func aStringPayloadBesideEmptyCases() {
    let store = Store(initialState: Label.State.loading, model: Label())
    store.send(.sheet(.typed("dropped")))
    #expect(store.state == .loading)
    store.send(.switched(.showing(Sheet.State(text: "a"))))
    // Long enough to live on the heap, short enough to be stored inline: both layouts.
    for text in ["b", String(repeating: "long text ", count: 10), "c"] {
      store.send(.sheet(.typed(text)))
      #expect(store.state == .showing(Sheet.State(text: text)))
    }
    store.send(.switched(.hidden))
    store.send(.sheet(.typed("dropped")))
    #expect(store.state == .hidden)
  }

  @Test func theSecondOfTwoStringPayloadsWhoseTagIsInTheirSpareBits() {
    let store = Store(initialState: Pane.State.empty, model: Pane())
    store.send(.previewOpened("a"))
    for text in ["b", String(repeating: "long text ", count: 10), "c"] {
      store.send(.preview(.typed(text)))
      #expect(store.state == .preview(Sheet.State(text: text)))
    }
    store.send(.editor(.typed("dropped")))
    #expect(store.state == .preview(Sheet.State(text: "c")))
    store.send(.editorOpened("e"))
    store.send(.editor(.typed("f")))
    #expect(store.state == .editor(Sheet.State(text: "f")))
  }
}
