import Observation

/// One member of a store's state that someone watches: the `observe` closures that read it,
/// rerun when it changes, and whether an Observation-tracking context (a SwiftUI body) read it
/// since its last change, to be invalidated once when it changes. One table serves both.
@MainActor
@usableFromInline
class ObservedMemberBase {
  // Unchecked, like the other members read on every rerun: only the main actor touches them
  // and no access overlaps another; the run-time checks were a quarter of a rerun.
  @exclusivity(unchecked) private var runs: [ObservationRun] = []
  /// Whether an Observation-tracking context read the member since it last changed.
  @exclusivity(unchecked) @usableFromInline var isTracked = false

  @usableFromInline var hasRuns: Bool { !runs.isEmpty }
  /// Members nobody watches any more are dropped from the store's table.
  @usableFromInline var isObserved: Bool { isTracked || !runs.isEmpty }

  func add(_ run: ObservationRun) { runs.append(run) }

  /// Lets go of the observations that read this member, and they of it, as its store is
  /// freed: an observation that reads only this store is freed with it.
  func releaseRuns() {
    for run in runs { run.forget(self) }
    runs = []
  }

  func remove(_ run: ObservationRun) { runs.removeAll { $0 === run } }

  /// Reruns every observation of this member not yet rerun in `batch`.
  func runAll(batch: Int) {
    // The copy keeps every run alive, one that cancels itself while it runs included, so each
    // is reached without a retain of its own.
    let runs = self.runs
    for index in runs.indices {
      withUnretained(.passUnretained(runs[index])) { run in
        guard run.batch != batch else { return }
        run.batch = batch
        run.run()
      }
    }
  }
}

/// A watched member of `State`, as its store `Subject` publishes it to Observation.
@usableFromInline
class ObservedMember<Subject: Observable & AnyObject, State>: ObservedMemberBase {
  /// Whether the member differs from when it was last checked; remembers the new value.
  @usableFromInline func changed(in state: State) -> Bool { true }
  func access(_ registrar: ObservationRegistrar, _ subject: Subject) {}
  /// Tells Observation that the member changed: a will-set and a did-set, back to back.
  @usableFromInline func invalidate(_ registrar: ObservationRegistrar, _ subject: Subject) {}
}

final class ObservedValue<Subject: Observable & AnyObject, State, Value>: ObservedMember<
  Subject, State
>
{
  private let path: KeyPath<State, Value>
  /// The member as a path from the store, which Observation tracks.
  private let subjectPath: KeyPath<Subject, Value>
  @exclusivity(unchecked) private var last: Value
  /// Nil for a member that is not `Equatable`: it counts as changed after every intent.
  private let isEqual: ((Value, Value) -> Bool)?

  init(
    path: KeyPath<State, Value>, subjectPath: KeyPath<Subject, Value>, value: Value,
    isEqual: ((Value, Value) -> Bool)?
  ) {
    self.path = path
    self.subjectPath = subjectPath
    self.last = value
    self.isEqual = isEqual
  }

  override func changed(in state: State) -> Bool {
    let value = state[keyPath: path]
    if let isEqual, isEqual(last, value) { return false }
    last = value
    return true
  }

  override func access(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.access(subject, keyPath: subjectPath)
  }

  override func invalidate(_ registrar: ObservationRegistrar, _ subject: Subject) {
    registrar.willSet(subject, keyPath: subjectPath)
    registrar.didSet(subject, keyPath: subjectPath)
  }
}
