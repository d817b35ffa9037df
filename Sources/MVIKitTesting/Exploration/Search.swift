import MVIKit

/// The search of one exploration: depth first over the choices, then random samples past the
/// limit, keeping the shortest failure.
///
/// Its steps are inlinable, with the world's, so that an exploration is compiled for the
/// user's model where ``ScheduleExplorer/explore(_:limit:samples:seed:pruning:pruningMemory:timeout:invariant:finally:fileID:filePath:line:column:)``
/// is called. Left generic, a step spent a quarter of its time looking the model's types up at
/// run time: ten effects with dependent answers (bench 13b) took 26 s, and take 8 s compiled
/// for the model.
@usableFromInline @MainActor
struct Search<M: Model> {
  @usableFromInline typealias World = ScheduleWorld<M>

  @usableFromInline let scenario: [M.Intent]
  @usableFromInline let limit: Int
  @usableFromInline let invariant: (M.State) -> String?
  @usableFromInline let check: (M.State) -> String?
  /// Whether a View intent's step did nothing where the recording's did something (see
  /// ``ScheduleExplorer/viewIntentActedOnNothing``): the schedule is then left out.
  @usableFromInline let viewIntentActedOnNothing: ((Int, M.State, M.State, Bool) -> Bool)?
  /// Leaves a schedule out once its state says the rest cannot be told.
  @usableFromInline let leavesOut: ((M.State) -> Bool)?
  /// The members in which a failing end differs (see ``ScheduleExplorer/differingMembers``).
  @usableFromInline let differingMembers: ((M.State) -> [String])?

  @usableFromInline var schedules = 0
  @usableFromInline var pruned = 0
  @usableFromInline var sampled = 0
  @usableFromInline var reachedLimit = false
  /// Schedules left out, by the two rules above.
  @usableFromInline var leftOut = 0
  @usableFromInline var failure: ExplorationFailure?
  /// The shortest failing end for each member that ends differently, when
  /// ``differingMembers`` names them.
  @usableFromInline var failuresByMember: [String: ExplorationFailure] = [:]
  /// Set when an effect did not finish: every schedule past it would wait out the timeout too.
  @usableFromInline var isStopped = false
  /// The worlds explored, for pruning: at most `memory` of them (the initializer's), 0 when
  /// the search does not prune. Past it, the search forgets none and remembers no more: it
  /// stays exhaustive, and may only explore some worlds twice.
  @usableFromInline var explored: ExploredWorlds
  /// How the pruning table hashes a state; nil when the search does not prune, or the state
  /// is not `Hashable`.
  @usableFromInline let hashing: ValueHashing<M.State>?
  /// How it hashes the intents that jobs deliver.
  @usableFromInline let intentHashing = ValueHashing<M.Intent>() ?? .byDescription
  /// The choices taken to the world being explored, and the state after each: stacks pushed
  /// on the way down and popped on the way back, never copied.
  @usableFromInline var path: [ScheduleChoice] = []
  @usableFromInline var states: [M.State] = []
  /// Steps taken since the search last looked at the clock and at its task's cancellation;
  /// the first step looks.
  @usableFromInline var stepsSinceLook = Self.stepsBetweenLooks - 1
  /// When the search last let other work on the main actor run.
  @usableFromInline var lastYield = ContinuousClock.now
  @usableFromInline var isCancelled = false

  @usableFromInline init(
    scenario: [M.Intent], limit: Int, memory: Int, invariant: @escaping (M.State) -> String?,
    check: @escaping (M.State) -> String?,
    viewIntentActedOnNothing: ((Int, M.State, M.State, Bool) -> Bool)?,
    leavesOut: ((M.State) -> Bool)?, differingMembers: ((M.State) -> [String])?
  ) {
    self.scenario = scenario
    self.limit = limit
    explored = ExploredWorlds(limit: memory)
    hashing = memory > 0 ? ValueHashing() : nil
    self.invariant = invariant
    self.check = check
    self.viewIntentActedOnNothing = viewIntentActedOnNothing
    self.leavesOut = leavesOut
    self.differingMembers = differingMembers
  }

  /// Explores every schedule from `world`, then samples when the limit was reached.
  @inlinable
  mutating func run(_ world: World, model: M, samples: Int, seed: UInt64) async {
    await explore(world, model: model)
    guard reachedLimit else { return }
    var random = SeededRandom(seed: seed)
    for _ in 0..<samples where !isStopped {
      if Task.isCancelled {
        isCancelled = true
        break
      }
      await walk(world, model: model) { open, _ in open.randomElement(using: &random) }
      sampled += 1
    }
  }

  /// Takes the choices `schedule` names, in order, then checks the end.
  mutating func replay(_ world: World, model: M, schedule: String) async throws(ScheduleError) {
    var tokens = schedule.split(separator: " ").makeIterator()
    schedules = 1
    try await walk(world, model: model) { open, step throws(ScheduleError) in
      let token = tokens.next().map(String.init)
      if token == nil, open.isEmpty { return nil }
      guard let token, let choice = ScheduleChoice(token: token), open.contains(choice) else {
        let choices = open.isEmpty ? "none" : open.map(\.description).joined(separator: ", ")
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
  @inlinable
  mutating func walk<Failure: Error>(
    _ world: World, model: M,
    choose: ([ScheduleChoice], Int) throws(Failure) -> ScheduleChoice?
  ) async throws(Failure) {
    var world = world
    path = []
    states = []
    while let choice = try choose(world.choices(scenarioCount: scenario.count), path.count + 1) {
      let before = viewIntentActedOnNothing != nil && choice == .user ? world.state : nil
      let started = world.take(choice, model: model, scenario: scenario)
      if !started.isEmpty { await world.runWork(of: started) }
      path.append(choice)
      states.append(world.state)
      if isLeftOut(world, viewStateBefore: before) || fails(world, ended: false) { return }
    }
    _ = fails(world, ended: true)
  }

  /// A world on the search's path whose choices are being explored: its open choices are
  /// `choices[next..<end]` of the search's stack of choices, and it is kept until its last
  /// choice, which continues in it (the others branch off in copies).
  @usableFromInline
  struct Frame {
    @usableFromInline var world: World?
    @usableFromInline let first: Int
    @usableFromInline var next: Int
    @usableFromInline let end: Int

    @inlinable init(world: World, choices: Range<Int>) {
      self.world = world
      first = choices.lowerBound
      next = choices.lowerBound
      end = choices.upperBound
    }

    /// The world the choice at `index` starts from: the frame's own for its last choice,
    /// which the frame is then done with, and a copy for the others.
    @inlinable mutating func world(for index: Int) -> World? {
      index == end - 1 ? world.take() : world
    }
  }

  /// Explores every schedule from `root`, depth first.
  ///
  /// A loop over a stack of frames rather than a recursion: as a recursion, each step was an
  /// `async` call (a task switch and a frame from the task's allocator, an eighth of a step),
  /// where only the steps that start work need to wait. The choices of the worlds on the path
  /// are kept in one stack, so that weighing a world allocates nothing.
  @inlinable
  mutating func explore(_ root: World, model: M) async {
    var choices: [ScheduleChoice] = []
    guard let rootChoices = open(root, onto: &choices) else { return }
    var frames = [Frame(world: root, choices: rootChoices)]
    while let top = frames.indices.last {
      let index = frames[top].next
      guard index < frames[top].end else {
        choices.removeLast(frames[top].end - frames[top].first)
        frames.removeLast()
        // The step that led to the world left behind, but for the root's.
        if !frames.isEmpty {
          path.removeLast()
          states.removeLast()
        }
        continue
      }
      frames[top].next += 1
      guard var world = frames[top].world(for: index) else {
        preconditionFailure("A frame's world is taken only by its last choice.")
      }
      let choice = choices[index]

      stepsSinceLook += 1
      if stepsSinceLook == Self.stepsBetweenLooks { await look() }
      guard !isCancelled, !isStopped else { return }
      // An order left out was run too, as far as it could be told.
      guard schedules + leftOut < limit else {
        reachedLimit = true
        return
      }
      let before = viewIntentActedOnNothing != nil && choice == .user ? world.state : nil
      let started = world.take(choice, model: model, scenario: scenario)
      if !started.isEmpty { await world.runWork(of: started) }
      path.append(choice)
      states.append(world.state)
      if isLeftOut(world, viewStateBefore: before) {
        leftOut += 1
      } else if fails(world, ended: false) {
        schedules += 1
      } else if let open = open(world, onto: &choices) {
        frames.append(Frame(world: world, choices: open))
        continue
      }
      path.removeLast()
      states.removeLast()
    }
  }

  /// Weighs `world`, just reached: appends its open choices to `choices` and returns where
  /// they are, or nil when nothing is left to explore from it (a schedule's end, a world
  /// explored before, or one below a failure already as short).
  @inlinable
  mutating func open(_ world: World, onto choices: inout [ScheduleChoice]) -> Range<Int>? {
    // A failure already found is as short as any below this depth. Not when each member's
    // shortest failure is kept: another member may fail below.
    if differingMembers == nil, let failure, failure.steps.count <= path.count { return nil }
    let first = choices.count
    world.table.appendChoices(userMayAct: world.sentIntents < scenario.count, to: &choices)
    let open = first..<choices.count
    if open.isEmpty {
      schedules += 1
      _ = fails(world, ended: true)
      return nil
    }
    // Looked up only where the search branches: a world with one choice leads on to the next
    // world that branches, which is looked up itself.
    if open.count > 1, let hashing,
      explored.wasExplored(world.fingerprint(state: hashing, intents: intentHashing))
    {
      pruned += 1
      choices.removeLast(open.count)
      return nil
    }
    return open
  }

  /// How many steps the search takes between looks at the clock: about a millisecond of
  /// steps in a release build, so that the looks cost nothing measurable.
  @usableFromInline static var stepsBetweenLooks: Int { 1_024 }

  /// Notes whether the search's task was cancelled, and lets other work on the main actor run
  /// when the search has held it for 10 ms: a long exploration (in the inspector, in the app)
  /// keeps the app responsive, and a test's beside it keeps its effects' time.
  @usableFromInline
  mutating func look() async {
    stepsSinceLook = 0
    isCancelled = Task.isCancelled
    guard ContinuousClock.now - lastYield >= .milliseconds(10) else { return }
    await Task.yield()
    lastYield = .now
  }

  /// Whether the schedule is left out after its last step: the View's intent in it did
  /// nothing where the recording's did something (`viewStateBefore`, the state before a View
  /// intent's step), which no user could make happen, or its state says the rest cannot be
  /// told.
  @inlinable
  func isLeftOut(_ world: World, viewStateBefore before: M.State?) -> Bool {
    if let before, let rule = viewIntentActedOnNothing,
      rule(world.sentIntents - 1, before, world.state, world.droppedViewIntent)
    {
      return true
    }
    return leavesOut?(world.state) == true
  }

  /// Checks `world` after its last step (and, when the schedule `ended`, its end); keeps the
  /// failure when it is the shortest yet.
  @inlinable
  mutating func fails(_ world: World, ended: Bool) -> Bool {
    let found: (kind: ExplorationFailure.Kind, message: String)? =
      world.problems.first
      ?? invariant(world.state).map { (.orderingBug, "Invariant failed: \($0)") }
      ?? (ended ? check(world.state).map { (.orderingBug, "Final check failed: \($0)") } : nil)
    guard let found else { return false }
    keep(found, in: world)
    return true
  }

  /// Keeps what `world` found wrong when it is the shortest failure yet; stops the search at
  /// an effect that did not finish. Rare: left out of line.
  @usableFromInline
  mutating func keep(
    _ found: (kind: ExplorationFailure.Kind, message: String), in world: World
  ) {
    if found.kind == .effectDidNotFinish { isStopped = true }
    let members = differingMembers?(world.state) ?? []
    let isShortest =
      failure == nil || path.count < failure!.steps.count || found.kind == .effectDidNotFinish
    let isShortestForAMember = members.contains { member in
      failuresByMember[member].map { path.count < $0.steps.count } ?? true
    }
    guard isShortest || isShortestForAMember else { return }
    let found = ExplorationFailure(
      kind: found.kind, message: found.message,
      steps: zip(world.labels(of: path, scenario: scenario), states).map {
        ExplorationStep(label: $0, state: String(describing: $1))
      },
      schedule: path.map(\.description).joined(separator: " "))
    if isShortest { failure = found }
    for member in members
    where failuresByMember[member].map({ path.count < $0.steps.count }) ?? true {
      failuresByMember[member] = found
    }
  }
}

/// A schedule string that does not fit the scenario it was given with: which step cannot be
/// taken (or that the schedule ended while deliveries were pending), and the open choices.
struct ScheduleError: Error, CustomStringConvertible {
  let description: String
}
