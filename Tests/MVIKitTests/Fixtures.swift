import CounterExample
import MVIKit

/// The README's counter, shared with CounterDemo.
typealias Counter = CounterExample.Counter

struct FactError: Error, CustomStringConvertible {
  var description: String { "no fact today" }
}

/// A model whose intents exercise each kind of effect.
struct Lab: Model {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }
  enum Intent: Equatable, Sendable {
    case start(String)
    case startForever
    case stop
    case merged
    case chained
    case typed(String)
    case uncaught
    case echo(String)
    case record(String)
  }
  enum SideEffect: Equatable, Sendable { case said(String) }

  var clock: any Clock<Duration> = ContinuousClock()
  var onCancel: @Sendable () -> Void = {}

  func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .start(let word):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.record(word))
      }
      .cancellable(id: "work", cancelInFlight: true)
    case .startForever:
      return .run { [onCancel] _ in
        await withTaskCancellationHandler {
          try? await Task.sleep(for: .seconds(3600))
        } onCancel: {
          onCancel()
        }
      }
      .cancellable(id: "work")
    case .stop:
      return .cancel(id: "work")
    case .merged:
      return .merge(.send(.record("a")), .emit(.said("b")))
    case .chained:
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.record("first"))
        },
        .run { send in await send(.record("second")) }
      )
    case .typed(let text):
      return .send(.record(text)).debounce(id: "typing", for: .milliseconds(300), clock: clock)
    case .uncaught:
      return .run { _ in throw FactError() }
    case .echo(let word):
      return .run { send in await send.emit(.said(word)) }
    case .record(let entry):
      state.log.append(entry)
      return .none
    }
  }
}
