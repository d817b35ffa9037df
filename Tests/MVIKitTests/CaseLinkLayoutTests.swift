import MVIKit
import Testing

/// One payload case among empty ones, its payload a number (the Composition article's
/// `Score`): the tag sits in a byte of its own.
struct Lamp: Model {
  typealias Score = CompositionArticle.Score

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

/// One payload case among empty ones, its payload holding a string: the empty cases are
/// values the string never takes, so the enum is as large as its payload and has no tag byte.
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

/// Three payload cases holding a reference each: the enum keeps its tags in the references'
/// spare bits, so only the first case's payload lies as it is; the others are reached by
/// clearing the tag and setting it again.
struct Slots: Model {
  enum State: Equatable, Sendable {
    case first(Holder.State)
    case second(Holder.State)
    case third(Holder.State)
  }
  enum Intent: Equatable, Sendable {
    case first(Holder.Intent)
    case second(Holder.Intent)
    case third(Holder.Intent)
  }

  static let first = CaseLink<Slots, Holder>(case: State.first, intent: Intent.first)
  static let second = CaseLink<Slots, Holder>(case: State.second, intent: Intent.second)
  static let third = CaseLink<Slots, Holder>(case: State.third, intent: Intent.third)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .first(let intent): Self.first.reduce(Holder(), &state, intent)
    case .second(let intent): Self.second.reduce(Holder(), &state, intent)
    case .third(let intent): Self.third.reduce(Holder(), &state, intent)
    }
  }
}

/// A child whose whole state is one reference.
struct Holder: Model {
  struct State: Equatable, Sendable { var box: Box }
  enum Intent: Equatable, Sendable {
    case bumped
    case replaced(Int)
  }

  final class Box: Equatable, Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .bumped: state.box = Box(state.box.value + 1)
    case .replaced(let value): state = State(box: Box(value))
    }
    return .none
  }
}

/// A `CaseLink` changes its case's payload in place whatever the enum's layout, and leaves the
/// enum a valid value of the right case after every send.
@MainActor
@Suite struct CaseLinkLayoutTests {
  typealias Score = CompositionArticle.Score

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

  @Test func referencePayloadsWhoseTagsAreInTheirSpareBits() {
    let second = Store(initialState: Slots.State.second(.init(box: .init(1))), model: Slots())
    for _ in 0..<3 { second.send(.second(.bumped)) }
    #expect(second.state == .second(.init(box: .init(4))))
    second.send(.first(.bumped))
    second.send(.third(.replaced(9)))
    #expect(second.state == .second(.init(box: .init(4))))
    second.send(.second(.replaced(7)))
    #expect(second.state == .second(.init(box: .init(7))))

    let third = Store(initialState: Slots.State.third(.init(box: .init(20))), model: Slots())
    third.send(.third(.bumped))
    third.send(.second(.bumped))
    #expect(third.state == .third(.init(box: .init(21))))

    // The first case's tag is all zero bits: its payload lies as it is.
    let first = Store(initialState: Slots.State.first(.init(box: .init(10))), model: Slots())
    first.send(.first(.bumped))
    first.send(.third(.bumped))
    #expect(first.state == .first(.init(box: .init(11))))
  }

  @Test func theSecondOfTwoStringPayloadsWhoseTagIsInAByteAfterThem() {
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
