/// A running ``Store/observe(_:)``: the closure runs again each time a member it read changes,
/// until ``cancel()`` is called or the observation is deallocated.
///
/// It is the stores' own observation, not a re-armed `withObservationTracking`: a store keeps
/// each observed member with the observations that read it, compares the member after each
/// intent, and reruns only the observations of members that changed, once per send, after
/// the send. A rerun costs a few times the closure call itself (see case 4a of `make bench`).
@MainActor
public final class StoreObservation {
  let run: ObservationRun

  init(_ run: ObservationRun) { self.run = run }

  isolated deinit { run.cancel() }

  /// Stops re-running the closure.
  public func cancel() { run.cancel() }

  /// Whether the closure still runs on changes.
  public var isActive: Bool { run.isActive }
}

extension Store {
  /// Runs `apply` now, and again after each send that changed a member it read, for UIKit
  /// and terminal code that updates a view by hand:
  ///
  /// ```swift
  /// observation = store.observe { store in
  ///   label.text = "\(store.count)"
  ///   spinner.isHidden = !store.isLoading
  /// }
  /// ```
  ///
  /// Members it did not read (here, anything but `count` and `isLoading`) never cause a run,
  /// and several changes in one send cause one run, after the send. It follows the members it
  /// reads through any store, root or scoped. Keep the returned value: the closure stops when
  /// it is cancelled or deallocated.
  public func observe(_ apply: @escaping @MainActor (Store) -> Void) -> StoreObservation {
    // The observation keeps the store alive; the store holds observations only weakly.
    let run = ObservationRun { apply(self) }
    run.run()
    return StoreObservation(run)
  }
}
