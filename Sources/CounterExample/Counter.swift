import MVIKit

/// The README's counter: a count, and a fact about it loaded by an effect.
///
/// One copy serves `CounterDemo` and the core's tests. The README shows it without `public` and
/// these comments; its copy in the tests (`ReadmeSnippets.swift`) must behave like this one,
/// which `ReadmeTests` checks.
public struct Counter: Model {
  /// The count, the last fact, and whether a fact is loading.
  public struct State: Equatable, Sendable {
    /// How many times the user incremented.
    public var count: Int
    /// The last fact loaded, if any.
    public var fact: String?
    /// Whether a fact is being loaded.
    public var isLoading: Bool

    /// A counter state; zero, no fact, idle by default.
    public init(count: Int = 0, fact: String? = nil, isLoading: Bool = false) {
      self.count = count
      self.fact = fact
      self.isLoading = isLoading
    }
  }

  /// What the user did, or what the fact effect answered.
  public enum Intent: Equatable, Sendable {
    case increment
    case factTapped
    case factLoaded(String)
    case factFailed(String)
  }

  /// One-shot messages for the View.
  public enum SideEffect: Equatable, Sendable {
    case toast(String)
  }

  /// Loads a fact about a number.
  public var fact: @Sendable (Int) async throws -> String

  /// A counter that loads its facts with `fact`.
  public init(fact: @escaping @Sendable (Int) async throws -> String) {
    self.fact = fact
  }

  /// Applies `intent` to `state`.
  public func reduce(_ state: inout State, _ intent: Intent) -> Effect<Intent, SideEffect> {
    switch intent {
    case .increment:
      state.count += 1
      return .none
    case .factTapped:
      state.isLoading = true
      return .run { [count = state.count] send in
        await send(.factLoaded(try await fact(count)))
      } catch: { error, send in
        await send(.factFailed(String(describing: error)))
      }
      .cancellable(id: "fact", cancelInFlight: true)
    case .factLoaded(let text):
      state.isLoading = false
      state.fact = text
      return .emit(.toast("Loaded"))
    case .factFailed(let message):
      state.isLoading = false
      return .emit(.toast(message))
    }
  }
}
