/// The work behind a ``StoreObservation``: the closure, and the members it registered with.
///
/// Observed members hold runs strongly and nothing holds a run weakly: a weak reference
/// would give the run a side table, and every retain and release on the rerun path would take
/// the runtime's slow path. The cycle store → member → run → closure → store is cut by
/// ``cancel()``, which the token calls when it is cancelled or released.
@MainActor
@usableFromInline
final class ObservationRun {
  private let apply: @MainActor () -> Void
  @exclusivity(unchecked) private(set) var isActive = true
  /// The members this run is registered with, by store and key path, to leave them on
  /// ``cancel()``: a rerun that reads the same members, the usual case, finds them here
  /// without a dictionary lookup.
  @exclusivity(unchecked)
  private var reads:
    [(store: ObjectIdentifier, path: ObjectIdentifier, member: ObservedMemberBase)] =
      []
  /// The batch this run last ran in: several changed members rerun it once per send.
  @exclusivity(unchecked) var batch = 0

  init(_ apply: @escaping @MainActor () -> Void) { self.apply = apply }

  /// Stops the run for good: it leaves its members, which let go of it, and with it of the
  /// closure and the store the closure captured.
  func cancel() {
    guard isActive else { return }
    isActive = false
    for read in reads { read.member.remove(self) }
    reads = []
  }

  /// Stops following `member`, whose store is freed.
  func forget(_ member: ObservedMemberBase) { reads.removeAll { $0.member === member } }

  func run() {
    guard isActive else { return }
    let outer = ObservationRuns.current
    ObservationRuns.current = .passUnretained(self)
    apply()
    ObservationRuns.current = outer
  }

  /// Whether this run already registered with the member at `path` of `store`.
  @usableFromInline
  func hasRead(_ store: ObjectIdentifier, _ path: AnyKeyPath) -> Bool {
    let path = ObjectIdentifier(path)
    for read in reads where read.store == store && read.path == path { return true }
    return false
  }

  /// Registers this run with `member`, the member at `path` of `store`.
  func register(with member: ObservedMemberBase, store: ObjectIdentifier, path: AnyKeyPath) {
    guard isActive else { return }
    reads.append((store, ObjectIdentifier(path), member))
    member.add(self)
  }
}
