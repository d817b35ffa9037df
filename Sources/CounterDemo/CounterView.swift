import CounterExample
import MVIKit
import MVIKitTerminal

/// The counter screen: the count, the fact or a spinner, and the keys.
struct CounterView: View {
  let store: Store<Counter>

  var body: some View {
    VStack {
      Box("MVIKit Counter", color: .cyan) {
        Text("Count: \(store.count)").bold()
        if store.isLoading {
          Spinner("Loading fact…").foreground(.yellow)
        } else {
          Text(store.fact ?? "Press f for a fact about the number.").dim()
        }
        Spacer()
        HStack {
          Button("Increment") { store.send(.increment) }
          Button("Fact") { store.send(.factTapped) }
        }
      }
      HelpBar()
    }
    .onKey(["+", .up], help: "Increment") { store.send(.increment) }
    .onKey("f", help: "Fact") { store.send(.factTapped) }
  }
}
