import MVIKit
import MVIKitTerminal

struct Counter: Model {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Intent: Equatable, Sendable {
    case increment
    case factTapped
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .increment:
      state.count += 1
    case .factTapped:
      state.isLoading = true
    }
    return .none
  }
}

struct Form: Model {
  struct State: Equatable, Sendable {
    var email = ""
    var password = ""
    var remember = false
    var submitted = 0
  }

  enum Intent: Equatable, Sendable {
    case email(String)
    case password(String)
    case remember(Bool)
    case submit
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .email(let text): state.email = text
    case .password(let text): state.password = text
    case .remember(let value): state.remember = value
    case .submit: state.submitted += 1
    }
    return .none
  }
}

struct Rows: Model {
  struct State: Equatable, Sendable {
    var items = (0..<1000).map { "Row \($0)" }
    var selection: Int? = 0
    var opened: Int?
    var path: [Int] = []
  }

  enum Intent: Equatable, Sendable {
    case select(Int)
    case open(Int)
    case rename(Int, String)
    case pop
  }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .select(let index): state.selection = index
    case .open(let index):
      state.opened = index
      state.path.append(index)
    case .rename(let index, let name): state.items[index] = name
    case .pop: state.path.removeLast()
    }
    return .none
  }
}

@MainActor
struct FormView: View {
  let store: Store<Form>

  var body: some View {
    VStack {
      TextField("Email", binding: store.binding(\.email, send: Form.Intent.email))
      SecureField(
        "Password", binding: store.binding(\.password, send: Form.Intent.password),
        onSubmit: { store.send(.submit) })
      Toggle("Remember me", binding: store.binding(\.remember, send: Form.Intent.remember))
      Button("Log in") { store.send(.submit) }
      HelpBar()
    }
  }
}

@MainActor
struct RowsView: View {
  let store: Store<Rows>

  var body: some View {
    List(
      store.items, selection: store.selection, onSelect: { store.send(.select($0)) },
      onActivate: { store.send(.open($0)) }, row: { item, _ in Text(item) })
  }
}

/// What a list under test reported: the selection it shows, every index it selected and
/// activated, and the app's own bindings it let through.
final class ListSelection {
  var index: Int? = 0
  var selected: [Int] = []
  var opened: [Int] = []
  var escapes = 0
  var slashes = 0

  /// A list of `items` that reports here; when `filterable`, found by the item's text.
  @MainActor
  func list(_ items: [String], filterable: Bool) -> List<String> {
    var text: (@MainActor (String) -> String)?
    if filterable { text = { $0 } }
    return List(
      items, selection: index,
      onSelect: { [self] in
        index = $0
        selected.append($0)
      },
      onActivate: { [self] in opened.append($0) },
      filterText: text,
      row: { item, _ in Text(item) })
  }
}
