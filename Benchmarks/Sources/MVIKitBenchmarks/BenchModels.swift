import MVIKit

/// A counter beside a list: the state of case 1 and case 6.
struct Ledger: Model {
  struct State: Sendable {
    var count = 0
    var items: [Int]
    init(items: Int) { self.items = Array(repeating: 0, count: items) }
  }
  enum Intent: Sendable {
    case increment
    case setItem(Int, Int)
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .increment:
      state.count += 1
    case .setItem(let index, let value):
      state.items[index] = value
    }
    return .none
  }
}

/// An intent whose effect sends one intent back (case 2) or emits a side effect (case 3).
struct Echo: Model {
  struct State: Sendable { var pongs = 0 }
  enum Intent: Sendable {
    case ping, pong
    case say(Int)
  }
  enum SideEffect: Sendable { case said(Int) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .ping:
      return .run { send in await send(.pong) }
    case .pong:
      state.pongs += 1
      return .none
    case .say(let number):
      return .emit(.said(number))
    }
  }
}

/// A counter beside a row table: what the observers of case 4a watch.
struct RowTable: Model {
  struct State: Sendable {
    var count = 0
    var rows: [Int]
  }
  enum Intent: Sendable {
    case bump(Int)
    case increment
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .bump(let row): state.rows[row] += 1
    case .increment: state.count += 1
    }
    return .none
  }
}

/// A model that can be scoped onto itself any number of times (case 5).
struct Nest: Model {
  struct State: Equatable, Sendable { var value = 0 }
  enum Intent: Equatable, Sendable { case bump }

  static let inner = ChildLink<Nest, Nest>(state: \.self, intent: { $0 })

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.value += 1
    return .none
  }
}

/// A parent holding a ``Nest`` in a struct (case 5b's floor).
struct Held: Model {
  struct State: Equatable, Sendable {
    var nest = Nest.State()
    var other = 0
  }
  enum Intent: Equatable, Sendable { case nest(Nest.Intent) }

  static let nest = ChildLink<Held, Nest>(state: \.nest, intent: Intent.nest)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .nest(let intent): Self.nest.reduce(Nest(), &state, intent)
    }
  }
}

/// A parent holding a ``Nest`` in an optional member, as a sheet (case 5e).
struct Modal: Model {
  struct State: Equatable, Sendable {
    var nest: Nest.State? = Nest.State()
    var other = 0
  }
  enum Intent: Equatable, Sendable { case nest(Nest.Intent) }

  static let nest = OptionalChildLink<Modal, Nest>(state: \.nest, intent: Intent.nest)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .nest(let intent): Self.nest.reduce(Nest(), &state, intent)
    }
  }
}

/// A screen enum whose case runs a ``Nest`` (case 5b).
struct Screen: Model {
  enum State: Equatable, Sendable {
    case nest(Nest.State)
    case other(Int)
    case empty
  }
  enum Intent: Equatable, Sendable { case nest(Nest.Intent) }

  static let nest = CaseLink<Screen, Nest>(case: State.nest, intent: Intent.nest)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .nest(let intent): Self.nest.reduce(Nest(), &state, intent)
    }
  }
}

/// A list of 1,000 cells, each its own row model (case 4b).
struct Tally: Model {
  struct State: Sendable {
    var cells: Rows<TallyRow.State>
    init(count: Int) { cells = Rows((0..<count).map { TallyRow.State(id: $0) }) }
  }
  enum Intent: Sendable { case cells(Keyed<Int, TallyRow.Intent>) }

  static let cells = RowsLink<Tally, TallyRow>(state: \.cells, intent: Intent.cells)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .cells(let intent): return Self.cells.reduce(TallyRow(), &state, intent)
    }
  }
}

/// One cell of case 4b.
struct TallyRow: Model {
  struct State: Identifiable, Sendable {
    let id: Int
    var value = 0
  }
  enum Intent: Sendable { case bumped }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    state.value += 1
    return .none
  }
}
