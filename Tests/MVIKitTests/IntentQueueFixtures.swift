import MVIKit

/// A model whose intents feed others back in every way an effect can: the fixture of the
/// intent-queue tests.
struct Relay: Model {
  struct State: Equatable, Sendable {
    var log: [String] = []
    var remaining = 0
  }
  enum Intent: Equatable, Sendable {
    case tap
    case next(Int)
    case end
    case walk(Int)
    case concatenated
    case mixed
    case fetch
    case fetched
    case followUp
    case startForever
    case stop
    case noop
    case record(String)
  }

  /// Records the deepest and shallowest stack address seen by `walk`.
  var stack: Locked<ClosedRange<UInt>?> = Locked(nil)
  var pause: Duration = .milliseconds(20)

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, Never> {
    switch intent {
    case .tap:
      state.log.append("tap")
      return .merge(.send(.next(1)), .send(.end))
    case .next(let step):
      state.log.append("next\(step)")
      return step < 2 ? .send(.next(step + 1)) : .none
    case .end:
      state.log.append("end")
      return .none
    case .walk(let left):
      var marker = 0
      let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
      stack.withLock { range in
        range =
          range.map { min($0.lowerBound, address)...max($0.upperBound, address) }
          ?? address...address
      }
      state.remaining = left
      return left > 0 ? .send(.walk(left - 1)) : .none
    case .concatenated:
      state.log.append("a")
      return .concatenate(.send(.record("b")), .send(.record("c")))
    case .mixed:
      return .concatenate(
        .send(.record("b")),
        .run { [pause] send in
          try await Task.sleep(for: pause)
          await send(.record("c"))
        },
        .send(.record("d"))
      )
    case .fetch:
      state.log.append("fetch")
      return .run { send in await send(.fetched) }
    case .fetched:
      state.log.append("fetched")
      return .run { [pause] send in
        try await Task.sleep(for: pause)
        await send(.followUp)
      }
    case .followUp:
      state.log.append("followUp")
      return .none
    case .startForever:
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: "forever")
    case .stop:
      return .cancel(id: "forever")
    case .noop:
      return .none
    case .record(let entry):
      state.log.append(entry)
      return .none
    }
  }
}
