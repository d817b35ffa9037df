/// What a ``ScheduleExplorer`` found.
public struct ExplorationReport: Sendable, CustomStringConvertible {
  /// Schedules run to their end (or to a failure) by the exhaustive search.
  public var schedules: Int
  /// Branches skipped because their state and pending work had been explored already (only
  /// when the state is `Hashable`).
  public var pruned: Int
  /// Schedules picked at random after the exhaustive search reached its limit.
  public var sampled: Int
  /// Orders left out of an exploration of a recording: orders no user could make, in which a
  /// View intent that changed the state in the recording changed nothing or was dropped (a
  /// toggle of an item before the answer that brought it), and orders the recording cannot
  /// tell, in which work started that the recording never saw start, so that what it would
  /// have answered is unknown.
  public var leftOut: Int = 0
  /// Whether every distinct schedule was explored: the search stayed within its limit and no
  /// effect stopped it.
  public var isExhaustive: Bool
  /// The shortest failing schedule found, or nil when the property held in every one.
  public var failure: ExplorationFailure?
  /// For an exploration of a recording: the shortest failing schedule for each member of the
  /// state that ends otherwise than the user saw, shortest first, each schedule once. One
  /// difference that does not matter cannot hide another that does. Empty when none failed,
  /// and for a plain exploration, which names no members.
  public var failures: [ExplorationFailure] = []

  /// A report; `failures` by member, as a search keeps them.
  init(
    schedules: Int, pruned: Int, sampled: Int, leftOut: Int, isExhaustive: Bool,
    failure: ExplorationFailure?, failures byMember: [String: ExplorationFailure] = [:]
  ) {
    self.schedules = schedules
    self.pruned = pruned
    self.sampled = sampled
    self.leftOut = leftOut
    self.isExhaustive = isExhaustive
    self.failure = failure
    var seen: Set<String> = []
    failures = byMember.sorted { ($0.value.steps.count, $0.key) < ($1.value.steps.count, $1.key) }
      .map(\.value).filter { seen.insert($0.schedule).inserted }
  }

  /// What was searched, and the failure as a test prints it.
  public var description: String {
    let searched =
      Self.count(schedules, "schedule")
      + (pruned > 0 ? " (\(Self.count(pruned, "branch", "branches")) pruned)" : "")
      + (leftOut > 0
        ? " (\(Self.count(leftOut, "order")) left out, which no user could make or the "
          + "recording cannot tell: a View intent doing nothing where it did something for the "
          + "user, or work the recording never saw start)" : "")
      + (isExhaustive
        ? ", every distinct order"
        : sampled > 0
          ? ", then \(Self.count(sampled, "schedule")) sampled at random"
          : ", stopped before every order was run")
    guard let failure else { return "No ordering bug in \(searched)." }
    switch failure.kind {
    case .orderingBug:
      let others = failures.filter { $0.schedule != failure.schedule }
      return "Ordering bug found in \(searched): \(failure)"
        + others.map {
          "\nAnother member ends otherwise: \($0.message) (schedule \"\($0.schedule)\")"
        }
        .joined()
    case .effectError: return "Effect error found in \(searched): \(failure)"
    case .misuse: return "Misuse found in \(searched): \(failure)"
    case .effectDidNotFinish:
      return "Exploration stopped after \(searched): an effect did not finish. \(failure)"
    }
  }

  private static func count(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) " + (count == 1 ? one : many ?? one + "s")
  }
}

/// A schedule under which the property failed, with the state after each of its steps.
public struct ExplorationFailure: Sendable, CustomStringConvertible {
  /// What went wrong, so that a test can tell an ordering bug from a hang or an error.
  public enum Kind: Sendable, Equatable {
    /// The invariant or the final check failed under this schedule.
    case orderingBug
    /// An effect threw an error that no `catch:` handler took; a live store would report it.
    case effectError
    /// A misuse a live store would report, such as a model that feeds itself intents forever.
    case misuse
    /// An effect's work ran past the explorer's `timeout`: it was cancelled, left behind, and
    /// the exploration stopped there.
    case effectDidNotFinish
  }

  /// What went wrong.
  public var kind: Kind
  /// What the property (or the store) said.
  public var message: String
  /// The steps, in order, each with the state after it.
  public var steps: [ExplorationStep]
  /// The schedule, as ``ScheduleExplorer/replay(_:schedule:timeout:invariant:finally:fileID:filePath:line:column:)``
  /// takes it: `u` for the scenario's next intent, `e3` for the next delivery of the fourth
  /// job started.
  public var schedule: String

  /// The message, each step with the state after it, and the schedule string.
  public var description: String {
    let listed = steps.enumerated().map { index, step in
      "  \(index + 1). \(step.label)\n     → \(step.state)"
    }
    let count = steps.count == 1 ? "1 step" : "\(steps.count) steps"
    let which =
      kind == .effectDidNotFinish ? "The schedule that reached it" : "Shortest failing schedule"
    return "\(message)\n\(which) (\(count)):\n"
      + listed.joined(separator: "\n") + "\nReplay it with schedule: \"\(schedule)\""
  }
}

/// One step of an explored schedule.
public struct ExplorationStep: Sendable, Equatable {
  /// What was delivered: `user: queryChanged("ab")`, or
  /// `effect of queryChanged("a"): resultsLoaded(...)`.
  public var label: String
  /// The state after the step, as it prints.
  public var state: String
}
