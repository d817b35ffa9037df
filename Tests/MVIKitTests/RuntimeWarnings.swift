import MVIKit

/// Collects the misuse reports of a root store's flow, for tests that expect one.
@MainActor
final class RuntimeWarnings {
  private(set) var all: [String] = []

  /// An observer to attach to a store of `M` when it is made.
  func observer<M: Model>(of _: M.Type = M.self) -> FlowObserver<M> {
    FlowObserver { [weak self] event in
      if case .runtimeWarning(let warning) = event { self?.all.append(warning) }
    }
  }
}
