import MVIKit
import Testing

/// A child that keeps many cells and changes one per intent.
struct Ledger: Model {
  struct State: Equatable, Sendable { var cells = Cells() }
  enum Intent: Equatable, Sendable { case bump(Int) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .bump(let index): state.cells.bump(index)
    }
    return .none
  }
}

/// Copy-on-write storage that counts the copies it made, as an array would make them: a
/// change while the storage is shared copies it first.
struct Cells: Equatable, Sendable {
  final class Storage: @unchecked Sendable {
    var values = [Int](repeating: 0, count: 10_000)
    var copies = 0
  }
  private var storage = Storage()

  var copies: Int { storage.copies }
  subscript(index: Int) -> Int { storage.values[index] }

  mutating func bump(_ index: Int) {
    if !isKnownUniquelyReferenced(&storage) {
      let copy = Storage()
      copy.values = storage.values
      copy.copies = storage.copies + 1
      storage = copy
    }
    storage.values[index] += 1
  }

  static func == (lhs: Cells, rhs: Cells) -> Bool { lhs.storage.values == rhs.storage.values }
}

/// A ledger as a case of the whole state, one inside a member's enum, and one behind a
/// computed property (which has no fixed place in the state).
struct Books: Model {
  enum State: Equatable, Sendable {
    case open(Ledger.State)
    case closed(String)
  }
  struct Shelf: Equatable, Sendable {
    var name = "shelf"
    var books = State.open(Ledger.State())
    var stored = Ledger.State()
    var computed: Ledger.State {
      get { stored }
      set { stored = newValue }
    }
  }
  enum Intent: Equatable, Sendable { case ledger(Ledger.Intent) }

  static let open = CaseLink<Books, Ledger>(case: State.open, intent: Intent.ledger)
  static let onShelf = CaseLink<OnShelf, Ledger>(
    state: \.books, case: State.open, intent: OnShelf.Intent.ledger)
  static let computed = ChildLink<OnShelf, Ledger>(
    state: \.computed, intent: OnShelf.Intent.ledger)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .ledger(let intent): Self.open.reduce(Ledger(), &state, intent)
    }
  }

  /// The shelf, reducing through its enum's case, or through the computed property.
  struct OnShelf: Model {
    typealias State = Shelf
    enum Intent: Equatable, Sendable { case ledger(Ledger.Intent) }
    let throughComputed: Bool

    func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
      switch intent {
      case .ledger(let intent):
        throughComputed
          ? Books.computed.reduce(Ledger(), &state, intent)
          : Books.onShelf.reduce(Ledger(), &state, intent)
      }
    }
  }
}

/// A send through a link changes the child's state where it is: a child's array is not copied
/// to change one element, whatever the shape of the link.
@MainActor
@Suite struct InPlaceChildTests {
  @Test func aCaseOfTheWholeStateIsChangedInPlace() {
    let store = Store(initialState: .open(Ledger.State()), model: Books())
    for index in 0...100 { store.send(.ledger(.bump(index))) }
    let cells = openCells(store.state)
    // The first send learns where the case is, by copying it out once.
    #expect(cells?.copies ?? 99 <= 1)
    #expect(cells?[100] == 1 && cells?[101] == 0)
  }

  @Test func aCaseInsideAMemberIsChangedInPlace() {
    let store = Store(initialState: Books.Shelf(), model: Books.OnShelf(throughComputed: false))
    for _ in 0...100 { store.send(.ledger(.bump(7))) }
    let cells = openCells(store.books)
    #expect(cells?.copies ?? 99 <= 1)
    #expect(cells?[7] == 101)
    #expect(store.name == "shelf")
  }

  @Test func aChildBehindAComputedPropertyIsReducedThroughIt() {
    let store = Store(initialState: Books.Shelf(), model: Books.OnShelf(throughComputed: true))
    for index in 0..<3 { store.send(.ledger(.bump(index))) }
    #expect(store.stored.cells[2] == 1 && store.stored.cells[3] == 0)
  }

  @Test func anIntentForAnotherCaseLeavesTheStateAsItWas() {
    let store = Store(initialState: .closed("kept"), model: Books())
    store.send(.ledger(.bump(0)))
    #expect(store.state == .closed("kept"))
  }

  private func openCells(_ state: Books.State) -> Cells? {
    guard case .open(let ledger) = state else { return nil }
    return ledger.cells
  }
}
