import MVIKit

/// The search of one exploration: depth first over the choices, then random samples past the
/// limit, keeping the shortest failure.
@MainActor
struct Search<M: Model> {
  let scenario: [M.Intent]
  let limit: Int
  /// What identifies a world for pruning; nil when the state is not `Hashable`.
  let key: ((ScheduleWorld<M>) -> AnyHashable?)?
  let invariant: (M.State) -> String?
  let check: (M.State) -> String?

  // Set by the search only; not private, so that the memberwise initialiser stays internal.
  var schedules = 0
  var pruned = 0
  var sampled = 0
  var reachedLimit = false
  var failure: ExplorationFailure?
  /// Set when an effect did not finish: every schedule past it would wait out the timeout too.
  var isStopped = false
  var visited: Set<AnyHashable> = []

  /// Explores every schedule from `world`, then samples when the limit was reached.
  mutating func run(_ world: ScheduleWorld<M>, model: M, samples: Int, seed: UInt64) async {
    await visit(world, path: [], model: model)
    guard reachedLimit else { return }
    var random = SeededRandom(seed: seed)
    for _ in 0..<samples where !Task.isCancelled && !isStopped {
      await walk(world, model: model) { open, _ in open.randomElement(using: &random) }
      sampled += 1
    }
  }

  /// Takes the choices `schedule` names, in order, then checks the end.
  mutating func replay(_ world: ScheduleWorld<M>, model: M, schedule: String)
    async throws(ScheduleError)
  {
    var tokens = schedule.split(separator: " ").makeIterator()
    schedules = 1
    try await walk(world, model: model) { open, step throws(ScheduleError) in
      let token = tokens.next().map(String.init)
      if token == nil, open.isEmpty { return nil }
      guard let token, let choice = Self.choice(token), open.contains(choice) else {
        let choices = open.isEmpty ? "none" : open.map(Self.token).joined(separator: ", ")
        throw ScheduleError(
          description: token.map {
            "Step \(step) of the schedule, \"\($0)\", is not possible there; the open choices "
              + "are: \(choices)."
          } ?? "The schedule ends after step \(step - 1), but deliveries are still pending: "
            + "\(choices).")
      }
      return choice
    }
  }

  /// Walks one schedule from `world`, taking what `choose` picks among the open choices (with
  /// the number of the step) until it picks none or a check fails; then checks the end.
  private mutating func walk<Failure: Error>(
    _ world: ScheduleWorld<M>, model: M,
    choose: ([ScheduleWorld<M>.Choice], Int) throws(Failure) -> ScheduleWorld<M>.Choice?
  ) async throws(Failure) {
    var world = world
    var path: [ScheduleWorld<M>.Choice] = []
    while let choice = try choose(world.choices(scenarioCount: scenario.count), path.count + 1) {
      await world.take(choice, model: model, scenario: scenario)
      path.append(choice)
      if fails(world, path: path, ended: false) { return }
    }
    _ = fails(world, path: path, ended: true)
  }

  private mutating func visit(
    _ world: ScheduleWorld<M>, path: [ScheduleWorld<M>.Choice], model: M
  ) async {
    // A failure already found is as short as any below this depth.
    if let failure, failure.steps.count <= path.count { return }
    let open = world.choices(scenarioCount: scenario.count)
    guard !open.isEmpty else {
      schedules += 1
      _ = fails(world, path: path, ended: true)
      return
    }
    if let found = key?(world) ?? nil, !visited.insert(found).inserted {
      pruned += 1
      return
    }
    for choice in open where !Task.isCancelled && !isStopped {
      guard schedules < limit else {
        reachedLimit = true
        return
      }
      var next = world
      await next.take(choice, model: model, scenario: scenario)
      if fails(next, path: path + [choice], ended: false) {
        schedules += 1
        continue
      }
      await visit(next, path: path + [choice], model: model)
    }
  }

  /// Checks `world` after its last step (and, when the schedule `ended`, its end); keeps the
  /// failure when it is the shortest yet.
  private mutating func fails(
    _ world: ScheduleWorld<M>, path: [ScheduleWorld<M>.Choice], ended: Bool
  ) -> Bool {
    let found: (kind: ExplorationFailure.Kind, message: String)? =
      world.problems.first
      ?? invariant(world.state).map { (.orderingBug, "Invariant failed: \($0)") }
      ?? (ended ? check(world.state).map { (.orderingBug, "Final check failed: \($0)") } : nil)
    guard let found else { return false }
    if found.kind == .effectDidNotFinish { isStopped = true }
    if failure == nil || path.count < failure!.steps.count || found.kind == .effectDidNotFinish {
      failure = ExplorationFailure(
        kind: found.kind, message: found.message, steps: world.steps,
        schedule: path.map(Self.token).joined(separator: " "))
    }
    return true
  }

  static func token(_ choice: ScheduleWorld<M>.Choice) -> String {
    switch choice {
    case .user: "u"
    case .job(let index): "e\(index)"
    }
  }

  static func choice(_ token: String) -> ScheduleWorld<M>.Choice? {
    token == "u" ? .user : token.first == "e" ? Int(token.dropFirst()).map { .job($0) } : nil
  }
}

/// A schedule string that does not fit the scenario it was given with: which step cannot be
/// taken (or that the schedule ended while deliveries were pending), and the open choices.
struct ScheduleError: Error, CustomStringConvertible {
  let description: String
}
