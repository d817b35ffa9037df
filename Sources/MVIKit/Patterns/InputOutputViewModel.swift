/// An MVVM view model in the Input/Output style, as a thin typed face over a ``Store``.
///
/// Teams used to `transform(input) -> output` keep that shape: the View speaks in `Input`
/// values and reads `Output` values, while underneath a ``Model`` reduces intents, so the logic
/// stays pure and is tested with the test store.
///
/// ```swift
/// let viewModel = InputOutputViewModel(
///   store: Store(initialState: LoginModel.State(), model: LoginModel(client: client)),
///   intent: { (input: LoginInput) in input.intent },
///   output: LoginOutput.init(state:)
/// )
/// viewModel.send(.emailChanged("me@example.com"))
/// viewModel.output.isLoginEnabled
/// ```
@MainActor
public final class InputOutputViewModel<M: Model, Input, Output> {
  /// The store that holds the state; the view model adds no state of its own.
  public let store: Store<M>
  private let intent: (Input) -> M.Intent
  private let makeOutput: (M.State) -> Output

  /// Wraps `store`; `intent` turns an input into an intent, `output` derives the output from a
  /// state and must be pure.
  public init(
    store: Store<M>,
    intent: @escaping (Input) -> M.Intent,
    output: @escaping (M.State) -> Output
  ) {
    self.store = store
    self.intent = intent
    self.makeOutput = output
  }

  /// The output for the current state. Reading it in an observing context (SwiftUI) tracks the
  /// state, so the view updates when the output may have changed.
  public var output: Output {
    makeOutput(store.state)
  }

  /// Sends one input.
  @discardableResult
  public func send(_ input: Input) -> StoreTask {
    store.send(intent(input))
  }

  /// The seed's `transform(input) -> output`: feeds every input of `inputs` to the store and
  /// returns the outputs, starting with the current one.
  ///
  /// The inputs are consumed until they end or the returned sequence is dropped.
  public func transform<Inputs: AsyncSequence & Sendable>(_ inputs: Inputs) -> AsyncStream<Output>
  where Inputs.Element == Input, Inputs.Element: Sendable, Output: Sendable {
    let states = store.states
    let (outputs, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: .bufferingNewest(1))
    let feeding = Task { [weak self] in
      do {
        for try await input in inputs {
          guard let self else { return }
          self.send(input)
        }
      } catch {
        // An input sequence that fails just stops feeding; outputs keep following the state.
      }
    }
    let following = Task { [weak self, makeOutput] in
      for await state in states {
        guard self != nil else { break }
        continuation.yield(makeOutput(state))
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      feeding.cancel()
      following.cancel()
    }
    return outputs
  }
}

/// Lets `viewModel.isLoginEnabled` read a member of the output directly.
extension InputOutputViewModel {
  /// Reads a member of the current output.
  public subscript<Value>(output keyPath: KeyPath<Output, Value>) -> Value {
    output[keyPath: keyPath]
  }
}
