import MVIKit
import Testing

/// Records, per sender, how many intents arrived and whether they arrived in order.
struct Tally: Model {
  struct State: Equatable, Sendable {
    var total = 0
    var lastSequence: [Int: Int] = [:]
    var outOfOrder = 0
  }
  enum Intent: Sendable { case add(sender: Int, sequence: Int) }
  enum SideEffect: Sendable, Equatable { case ack(sender: Int, sequence: Int) }

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .add(let sender, let sequence):
      state.total += 1
      if sequence != (state.lastSequence[sender] ?? -1) + 1 { state.outOfOrder += 1 }
      state.lastSequence[sender] = sequence
      return .emit(.ack(sender: sender, sequence: sequence))
    }
  }
}

@MainActor
@Suite struct LoadTests {
  @Test func hundredThousandIntentsFromAThousandTasksAreEachReducedOnce() async {
    let senders = 1_000
    let perSender = 100
    let store = Store(initialState: Tally.State(), model: Tally())
    let sideEffects = store.sideEffects
    let consumer = Task {
      var acks: [Int: [Int]] = [:]
      var received = 0
      for await case .ack(let sender, let sequence) in sideEffects {
        acks[sender, default: []].append(sequence)
        received += 1
        if received == senders * perSender { break }
      }
      return acks
    }
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<senders {
        group.addTask {
          for sequence in 0..<perSender {
            _ = await store.send(.add(sender: sender, sequence: sequence))
          }
        }
      }
    }
    #expect(store.total == senders * perSender)
    #expect(store.outOfOrder == 0)
    #expect(store.lastSequence.count == senders)
    #expect(store.lastSequence.values.allSatisfy { $0 == perSender - 1 })
    let acks = await consumer.value
    #expect(acks.count == senders)
    #expect(acks.values.allSatisfy { $0 == Array(0..<perSender) })
    #expect(store.pendingSideEffectCount == 0)
  }
}

@MainActor
@Suite struct LifetimeTests {
  @Test func aThousandStoresWithEffectsInFlightAreAllFreed() async {
    var weakStores: [WeakBox<Store<Counter>>] = []
    var tasks: [StoreTask] = []
    for _ in 0..<1_000 {
      let store = Store(
        initialState: Counter.State(),
        model: Counter(fact: { _ in
          try await Task.sleep(for: .seconds(3600))
          return "never"
        }))
      tasks.append(store.send(.factTapped))
      weakStores.append(WeakBox(store))
    }
    #expect(weakStores.allSatisfy { $0.value == nil })
    for task in tasks { await task.finish() }  // returns only because deinit cancelled them
  }

  @Test func lateResultOfACancelledEffectIsDropped() async {
    let store = Store(
      initialState: Counter.State(),
      model: Counter(fact: { _ in
        try? await Task.sleep(for: .seconds(3600))
        return "late"  // ignores cancellation on purpose, like a careless service
      }))
    let task = store.send(.factTapped)
    task.cancel()
    await task.finish()
    #expect(store.fact == nil)
    #expect(store.isLoading)
  }

  @Test func anEffectThatOutlivesItsStoreSendsNowhere() async {
    var store: Store<Counter>? = Store(
      initialState: Counter.State(),
      model: Counter(fact: { _ in
        try? await Task.sleep(for: .seconds(3600))
        return "late"  // ignores cancellation, so it sends after its store is gone
      }))
    let task = store!.send(.factTapped)
    weak let freed = store
    store = nil
    #expect(freed == nil)
    // Its task keeps what runs it alive, but was cancelled with the store: it ends without
    // reaching the store, and without a crash.
    await task.finish()
  }
}

final class WeakBox<Object: AnyObject> {
  weak var value: Object?
  init(_ value: Object) { self.value = value }
}
