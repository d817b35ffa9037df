import MVIKit
import MVIKitTerminal

/// One field being typed into, as a running app over a terminal in memory.
struct Field: Model {
  struct State: Sendable { var text = "" }
  enum Intent: Sendable { case edited(String) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .edited(let text): state.text = text
    }
    return .none
  }
}

@MainActor
enum TypingCases {
  /// 10,000 characters arriving in one read (a paste from a terminal without bracketed
  /// paste) until their frame is drawn, beside one character until its frame.
  static func typedRun() async -> Row {
    let long = String(repeating: "abcdefghij", count: 1_000)
    var one = Double.infinity
    var run = Double.infinity
    for _ in 0..<5 {
      one = min(one, await timeToFrame(typing: "a"))
      run = min(run, await timeToFrame(typing: long))
    }
    return Row(
      name: "8g. 10,000 characters typed in one read, until their frame",
      nanoseconds: run, floorName: "1 character until its frame", floorNanoseconds: one,
      allocations: 0, target: "within one 16 ms frame", met: run < 16_000_000)
  }

  private static func timeToFrame(typing text: String) async -> Double {
    let store = Store(initialState: Field.State(), model: Field())
    let backend = TestTerminalBackend(size: Size(width: 80, height: 6))
    let app = TerminalApp(store: store, backend: backend) {
      VStack {
        TextField("Text", text: store.text) { store.send(.edited($0)) }
        Text("\(store.text.count) typed")
      }
    }
    let running = Task { try await app.run() }
    _ = await backend.nextFrame()
    let expected = "\(text.count) typed"
    let clock = ContinuousClock()
    let start = clock.now
    backend.send(bytes: Array(text.utf8))
    _ = await backend.frame { $0.contains(expected) }
    let elapsed = start.duration(to: clock.now)
    backend.send(.ctrl("c"))
    _ = try? await running.value
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  }
}
