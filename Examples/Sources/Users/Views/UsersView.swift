import MVIKit
import MVIKitTerminal

/// The View of the Users module: the list, a spinner while loading, or a centred error.
public struct UsersView: View {
  let store: Store<UsersPresenter>

  /// A view of `store`'s users.
  public init(store: Store<UsersPresenter>) {
    self.store = store
  }

  /// The screen for the current state.
  public var body: some View {
    VStack {
      if let message = store.errorMessage {
        Spacer()
        HStack {
          Spacer()
          Text(message).foreground(.red)
          Spacer()
        }
        HStack {
          Spacer()
          Text("Press r to try again.").dim()
          Spacer()
        }
        Spacer()
      } else if store.isLoading && store.users.isEmpty {
        Spinner("Loading users…").foreground(.yellow)
        Spacer()
      } else if store.users.isEmpty {
        Text("No users.").dim()
        if let note = store.skippedNote { Text(note).foreground(.yellow) }
        Spacer()
      } else {
        Text("\(store.users.count) users — Enter shows one, / finds one").dim()
        if let note = store.skippedNote { Text(note).foreground(.yellow) }
        List(
          store.users, selection: store.selection,
          onSelect: { store.send(.selectionMoved($0)) },
          onActivate: { _ in store.send(.userPicked) },
          filterText: { "\($0.name) \($0.username) \($0.company.name)" },
          filterQuery: store.filter, onFilterChange: { store.send(.filterChanged($0)) }
        ) { user, isSelected in
          HStack {
            Text(user.name).bold()
            Text("@\(user.username)").dim()
            Spacer()
            Text(user.company.name).foreground(isSelected ? .brightWhite : .gray)
          }
        }
      }
    }
    // As wide as the screen, whatever it holds: an empty list keeps the box's width.
    .expanding()
    .onKey("r", help: "Reload") { store.send(.retryTapped) }
  }
}
