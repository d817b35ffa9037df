/// A running ``Store/observe(_:)``: the closure runs again each time a member it read changes,
/// until ``cancel()`` is called or the observation is deallocated.
///
/// It is the stores' own observation, not a re-armed `withObservationTracking`: a store keeps
/// each observed member with the observations that read it, compares the member after each
/// intent, and reruns only the observations of members that changed, once per send. A hundred
/// observers cost little more than a hundred closure calls.
@MainActor
public final class StoreObservation {
  private var apply: (@MainActor () -> Void)?
  /// The members this observation is registered with, so a rerun registers only new reads.
  private var members: [ObjectIdentifier] = []
  /// The (store, key path) pairs already registered: a rerun that reads the same members,
  /// the usual case, finds them here without a dictionary lookup.
  private var reads: [(store: ObjectIdentifier, path: ObjectIdentifier)] = []
  var isScheduled = false

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
    isScheduled = false
    guard let apply else { return }
    let outer = ObservationRuns.current
    ObservationRuns.current = self
    defer { ObservationRuns.current = outer }
    apply()
  }

  /// Whether this observation already registered the read of `path` on `store`; records it
  /// when not.
  func hasRead(_ store: AnyObject, _ path: AnyKeyPath) -> Bool {
    let read = (ObjectIdentifier(store), ObjectIdentifier(path))
    if reads.contains(where: { $0.store == read.0 && $0.path == read.1 }) { return true }
    reads.append(read)
    return false
  }

  /// Whether this observation still has to be added to `member`'s list.
  func registers(with member: AnyObject) -> Bool {
    let id = ObjectIdentifier(member)
    if members.contains(id) { return false }
    members.append(id)
    return true
  }
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
    let observation = StoreObservation { apply(self) }
    observation.run()
    return observation
  }
}

/// The observation running now, and those waiting for the send in progress to finish.
@MainActor
@usableFromInline
enum ObservationRuns {
  static var current: StoreObservation?
  private static var pending: [StoreObservation] = []
  private static var sendsInProgress = 0

  static func schedule(_ observation: StoreObservation) {
    guard !observation.isScheduled else { return }
    observation.isScheduled = true
    guard sendsInProgress > 0 else {
      observation.run()
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
