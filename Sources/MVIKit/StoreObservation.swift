import Observation

/// A running ``Store/observe(_:)``: the closure runs again each time a member it read changes,
/// until ``cancel()`` is called or the observation is deallocated.
@MainActor
public final class StoreObservation {
  private var apply: (@MainActor () -> Void)?

  init(_ apply: @escaping @MainActor () -> Void) {
    self.apply = apply
  }

  /// Stops re-running the closure.
  public func cancel() {
    apply = nil
  }

  /// Whether the closure still runs on changes.
  public var isActive: Bool { apply != nil }

  func run() {
    guard let apply else { return }
    withObservationTracking {
      apply()
    } onChange: { [weak self] in
      // Observation calls this inside the change, on the store's actor. The closure reruns
      // when the send that made the change is complete, so it reads the new state, once.
      MainActor.assumeIsolated {
        guard let self else { return }
        ObservationRuns.schedule(self)
      }
    }
  }
}

/// Observations waiting for the send in progress to finish.
@MainActor
@usableFromInline
enum ObservationRuns {
  private static var pending: [StoreObservation] = []
  private static var sendsInProgress = 0

  static func schedule(_ observation: StoreObservation) {
    guard sendsInProgress > 0 else {
      // A change outside any send (another Observable): run on the next turn.
      Task { @MainActor in observation.run() }
      return
    }
    pending.append(observation)
  }

  @usableFromInline
  static func sendBegan() {
    sendsInProgress += 1
  }

  @usableFromInline
  static func sendEnded() {
    sendsInProgress -= 1
    guard sendsInProgress == 0, !pending.isEmpty else { return }
    let runs = pending
    pending = []
    for observation in runs { observation.run() }
  }
}

extension Store {
  /// Runs `apply` now, and again after each change to the members it read, for UIKit and
  /// terminal code that updates a view by hand:
  ///
  /// ```swift
  /// observation = store.observe { store in
  ///   label.text = "\(store.count)"
  ///   spinner.isHidden = !store.isLoading
  /// }
  /// ```
  ///
  /// Members it did not read (here, anything but `count` and `isLoading`) never cause a run.
  /// Keep the returned value: the closure stops when it is cancelled or deallocated.
  public func observe(_ apply: @escaping @MainActor (Store) -> Void) -> StoreObservation {
    let observation = StoreObservation { [weak self] in
      guard let self else { return }
      apply(self)
    }
    observation.run()
    return observation
  }
}
