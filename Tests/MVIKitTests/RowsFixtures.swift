import MVIKit

/// One row of a checklist, with a save that runs until cancelled.
struct Item: Model {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var title: String
    var isDone = false
  }
  enum Intent: Equatable, Sendable {
    case toggled
    case renamed(String)
    case saveTapped
    case announced
  }
  enum SideEffect: Equatable, Sendable { case said(String) }

  /// Counts saves that ended by cancellation.
  var cancelled = Locked(0)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .toggled:
      state.isDone.toggle()
      return .none
    case .renamed(let title):
      state.title = title
      return .none
    case .saveTapped:
      return .run { [cancelled] _ in
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3600))
        } onCancel: {
          cancelled.withLock { $0 += 1 }
        }
      }
    case .announced:
      return .emit(.said(state.title))
    }
  }
}

/// A list of items, each with its own model.
struct Checklist: Model {
  struct State: Equatable, Sendable {
    var items: Rows<Item.State> = []
    var headline = ""

    init(count: Int = 3) {
      items = Rows((0..<count).map { Item.State(id: $0, title: "item \($0)") })
    }
  }
  enum Intent: Equatable, Sendable {
    case items(Keyed<Int, Item.Intent>)
    case removeTapped(Int)
    case allDone
    case headlineChanged(String)
    /// Changes one row twice in one reduce: cleared, then titled.
    case retitled(Int, String)
  }
  enum SideEffect: Equatable, Sendable { case items(Keyed<Int, Item.SideEffect>) }

  static let items = RowsLink<Checklist, Item>(
    state: \.items, intent: Intent.items, sideEffect: SideEffect.items)

  var item = Item()

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .items(let intent):
      return Self.items.reduce(item, &state, intent)
    case .removeTapped(let id):
      state.items[id: id] = nil
      return .none
    case .allDone:
      for id in state.items.ids { state.items[id: id]?.isDone = true }
      return .none
    case .headlineChanged(let text):
      state.headline = text
      return .none
    case .retitled(let id, let title):
      state.items[id: id]?.title = ""
      state.items[id: id]?.title = title
      return .none
    }
  }
}
