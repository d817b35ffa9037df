import MVIKit

/// An MVVM view model in the Input/Output style, as a thin typed face over a `Store`.
///
/// Teams used to `transform(input) -> output` keep that shape: the View speaks in `Input`
/// values and reads `Output` values, while underneath a `Model` reduces intents, so the logic
/// stays pure and is tested with the test store.
///
/// ```swift
/// let viewModel = InputOutputViewModel(
///   store: Store(
///     initialState: LoginModel.State(),
///     model: LoginModel(service: LoginService(client: client))),
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
  /// Derives the output; it reads the state through the store, so an observer of the output
  /// follows exactly the members it was derived from.
  private let makeOutput: @MainActor (Store<M>) -> Output

  /// Wraps `store`; `intent` turns an input into an intent, `output` derives the output from a
  /// state and must be pure.
  public init(
    store: Store<M>,
    intent: @escaping (Input) -> M.Intent,
    output: @escaping (M.State) -> Output
  ) {
    self.store = store
    self.intent = intent
    self.makeOutput = { output($0.state) }
  }

  /// Wraps `store`; `outputFromMembers` derives the output from the store's members
  /// (`{ LoginOutput(email: $0.email, isLoading: $0.isLoading) }`) and must be pure.
  ///
  /// Prefer it to a state-based `output`: a view reading the output then updates only when a
  /// member the output is made of changes, not on every change of the state.
  public init(
    store: Store<M>,
    intent: @escaping (Input) -> M.Intent,
    outputFromMembers: @escaping @MainActor (Store<M>) -> Output
  ) {
    self.store = store
    self.intent = intent
    self.makeOutput = outputFromMembers
  }

  /// The output for the current state. Reading it in an observing context (SwiftUI,
  /// `Store.observe(_:)`) tracks what the output was derived from: the members it read, or
  /// the whole state for a state-based output.
  public var output: Output {
    makeOutput(store)
  }

  /// Sends one input.
  @discardableResult
  public func send(_ input: Input) -> StoreTask {
    // No call site of the View's to give: this file's would mislead.
    store.sendFromUnknownSite(intent(input))
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
    let following = Task { [weak self] in
      for await _ in states {
        guard let self else { break }
        continuation.yield(self.output)
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
  /// A binding for a control that edits one member of the output: it reads `keyPath` of
  /// ``output``, and setting it sends the input that `input` makes from the new value.
  ///
  /// ```swift
  /// TextField("Email", binding: viewModel.binding(\.email, input: LoginInput.emailChanged))
  /// ```
  public func binding<Value>(
    _ keyPath: KeyPath<Output, Value>, input: @escaping (Value) -> Input
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { self.output[keyPath: keyPath] }, set: { self.send(input($0)) })
  }

  /// Reads a member of the current output.
  public subscript<Value>(output keyPath: KeyPath<Output, Value>) -> Value {
    output[keyPath: keyPath]
  }
}
