import MVIKit

/// One schedule in progress: the model's state, how many of the scenario's intents were sent,
/// and the work of the effects, each job holding what it sent until the explorer picks it.
///
/// It carries out effects with the steps the live store's runner takes (``Effect``'s one
/// interpretation: the same cancellation by id, presence watches and concatenations), with one
/// difference: the work of a `.run` runs to its end once the effect's steps are taken, and what
/// it sends waits in its job. A value, so that the explorer branches by copying it: the copy
/// shares the jobs started so far (each complete once its step ends) and owns only how far it
/// got with each.
///
/// Inlinable, as ``Search`` is (see there why); what runs once per effect's work is not.
@usableFromInline @MainActor
struct ScheduleWorld<M: Model> {
  @usableFromInline typealias Work = Effect<M.Intent, M.SideEffect>
  @usableFromInline typealias Job = ScheduledJob<M.Intent, M.SideEffect>

  @usableFromInline var state: M.State
  @usableFromInline var sentIntents = 0
  /// How far the deliveries due at a time have moved the exploration's clock.
  @usableFromInline var now: Duration = .zero
  /// The jobs in the order they started, shared with the worlds this one was copied from.
  @usableFromInline var jobs: [Job] = []
  /// When each of `jobs` may deliver, and how far this schedule has got with it.
  @usableFromInline var table = JobTable()
  /// What the live store would report (errors no `catch:` handled, misuses), and work that
  /// did not finish.
  @usableFromInline var problems: [(kind: ExplorationFailure.Kind, message: String)] = []
  /// Whether the last step's intent from the View was dropped as sent to a child the state
  /// does not hold (a row not loaded yet). Reported as a misuse as well.
  @usableFromInline var droppedViewIntent = false
  /// While the View's intent of a step is reduced: a misuse reported then is its drop.
  @usableFromInline var isReducingViewIntent = false
  /// How long one effect's work may run before the explorer abandons it.
  @usableFromInline let timeout: Duration
  @usableFromInline var watches = PresenceWatches()
  /// While a step runs: the intent whose reduce returned the effect (set before every
  /// interpretation: a reduce's, or the rest of a concatenation's), and the intents its steps
  /// send, to be reduced in this step (empty between steps).
  @usableFromInline var origin: M.Intent?
  @usableFromInline var queue: [M.Intent] = []

  @usableFromInline init(state: M.State, timeout: Duration) {
    self.state = state
    self.timeout = timeout
  }

  /// The choices open now, the user's first, then the jobs' in the order they started. Of
  /// the deliveries due at a time, only the earliest are open.
  @inlinable
  func choices(scenarioCount: Int) -> [ScheduleChoice] {
    table.choices(userMayAct: sentIntents < scenarioCount)
  }

  /// What decides the rest of this schedule, as pruning remembers it: its state, hashed by
  /// `state`, the scenario's intents sent, the clock, and its pending jobs in any order, their
  /// intents hashed by `intents`.
  @inlinable
  func fingerprint(
    state stateHashing: ValueHashing<M.State>, intents: ValueHashing<M.Intent>
  ) -> WorldFingerprint {
    var pending = WorldFingerprint(high: 0, low: 0)
    for index in table.indices where !table.isFinished(index) {
      let progress = table.progress[index]
      pending =
        pending
        &+ .pendingJob(
          content: contentFingerprint(of: index, intents: intents),
          left: progress.deliveries - progress.delivered, isOpen: table.isOpen(index))
    }
    var hasher = FingerprintHasher()
    hasher.combine(state, with: stateHashing)
    hasher.combine(sentIntents)
    hasher.combine(now)
    hasher.combine(pending.high)
    hasher.combine(pending.low)
    return hasher.finalize()
  }

  /// The fingerprint of what the job at `index` delivers, with when: made once for the job.
  @inlinable
  func contentFingerprint(of index: Int, intents: ValueHashing<M.Intent>) -> WorldFingerprint {
    let job = jobs[index]
    if let known = job.contentFingerprint { return known }
    let dues = table.schedules[index].dues
    var hasher = FingerprintHasher()
    hasher.combine(job.source, with: intents)
    for (delivery, due) in zip(job.deliveries, dues) {
      if let intent = delivery.intent {
        hasher.combine(true)
        hasher.combine(intent, with: intents)
      } else {
        // The rest of a concatenation.
        hasher.combine(false)
      }
      hasher.combine(due)
    }
    let content = hasher.finalize()
    job.contentFingerprint = content
    return content
  }

  /// Takes `choice`: reduces the intent it delivers, with everything that intent feeds back
  /// at once, and carries out the effects, as one send of a live store does. Returns the jobs
  /// the step started, whose work ``runWork(of:)`` then runs: most steps start none, and a
  /// search takes them with no suspension point.
  @inlinable
  mutating func take(_ choice: ScheduleChoice, model: M, scenario: [M.Intent]) -> Range<Int> {
    let started = jobs.count
    var delivered: M.Intent?
    droppedViewIntent = false
    switch choice {
    case .user:
      delivered = scenario[sentIntents]
      sentIntents += 1
      isReducingViewIntent = true
    case .job(let index):
      let item = jobs[index].deliveries[table.progress[index].delivered]
      if let due = table.nextDue(index) { now = max(now, due) }
      table.progress[index].delivered += 1
      delivered = item.intent
      if delivered == nil {
        // The rest of a concatenation: its steps may send intents, queued for this step.
        origin = jobs[index].source
        Work.interpret(item.rest, on: &self, ids: jobs[index].ids)
      }
    }
    reduce(delivered, model: model)
    return started..<jobs.count
  }

  /// What each step of `path` (the choices that led to this world) delivered, as a report
  /// shows it: read back from the jobs, which keep every delivery, so that a search need not
  /// keep a label for each step it takes.
  @usableFromInline
  func labels(of path: [ScheduleChoice], scenario: [M.Intent]) -> [String] {
    var sent = 0
    var delivered = Array(repeating: 0, count: jobs.count)
    return path.map { choice in
      switch choice {
      case .user:
        sent += 1
        return "user: \(scenario[sent - 1])"
      case .job(let index):
        delivered[index] += 1
        let what = jobs[index].deliveries[delivered[index] - 1].intent
        return "effect of \(jobs[index].source): " + (what.map { "\($0)" } ?? "its next step")
      }
    }
  }

  /// Reduces the step's intent (if it delivers one) and what it feeds back, under the live
  /// store's rule (``FeedbackDrain``): first in, first out; past its limit the schedule fails.
  @inlinable
  mutating func reduce(_ delivered: M.Intent?, model: M) {
    var reduced = 0
    if let delivered {
      reduceOne(delivered, model: model)
      reduced = 1
      // Most steps feed nothing back: they are done without setting up the drain.
      if queue.isEmpty { return }
    }
    var index = 0
    FeedbackDrain.drain(
      next: { () -> M.Intent? in
        guard index < queue.count else { return nil }
        index += 1
        reduced += 1
        return queue[index - 1]
      },
      isFedBack: { _ in reduced > 1 },
      reduce: { (intent: M.Intent) -> M.Intent? in
        reduceOne(intent, model: model)
        return nil
      },
      // The explorer must end: past the bound it drops what is queued and fails the schedule,
      // where the live store would go on.
      atLimit: { intent in
        index = queue.count
        report(.misuse, FeedbackDrain.boundedLoopWarning(intent))
        return .stop
      })
    if index > 0 { queue = [] }
  }

  /// Reduces one intent and carries out its effect, which may queue more.
  @inlinable
  mutating func reduceOne(_ intent: M.Intent, model: M) {
    let effect = model.reduce(&state, intent)
    checkPresence()
    origin = intent
    effect.interpret(on: &self)
    // Only the step's first intent is the View's; what it feeds back is not.
    isReducingViewIntent = false
  }

  /// Runs the work of the jobs one step `started`, in the order they started, and dates the
  /// rest of each concatenation by when the steps before it finished. Jobs started in earlier
  /// steps are complete, and shared with other branches.
  ///
  /// The work starts as the live store's tasks do: after the step's synchronous steps are
  /// done, so that a later step of the same send may cancel it before it delivers anything.
  @inlinable
  mutating func runWork(of started: Range<Int>) async {
    for index in started where table.progress[index].awaitsWork {
      let job = jobs[index]
      table.progress[index].awaitsWork = false
      guard let work = job.work.take() else { continue }
      // Cancelled by a later step of the same effect before its task could deliver anything.
      guard !table.progress[index].isCancelled else { continue }
      let run = await ExploredRun(work, now: now, timeout: timeout)
      if !run.didFinish {
        report(
          .effectDidNotFinish,
          "The effect of \(job.source) did not finish within \(timeout) and was abandoned. The "
            + "explorer runs each effect to its end: give the model dependencies that return, "
            + "and an ExplorationClock for its sleeps.")
      } else if let error = run.error {
        report(
          .effectError,
          "An effect of \(job.source) threw an error that no catch: handler handled: \(error)")
      }
      job.deliveries = run.deliveries
      table.setDues(run.dues, of: index)
      job.finished = run.time.deadline
    }
    for index in started where table.progress[index].waitsForOthers {
      let schedule = table.schedules[index]
      guard jobs[index].deliveries.first?.intent == nil, schedule.dues.first == .some(nil)
      else { continue }
      var dues = schedule.dues
      dues[0] = schedule.after.compactMap { jobs[$0].finished }.max()
      table.setDues(dues, of: index)
    }
  }

  /// Drops what the jobs running under `id` have not delivered yet, as a live store cancels
  /// their tasks.
  @inlinable
  mutating func cancel(_ id: EffectID) {
    for index in jobs.indices where jobs[index].ids.contains(id) {
      table.progress[index].isCancelled = true
    }
  }

  @inlinable
  func isRunning(_ id: EffectID) -> Bool {
    jobs.indices.contains { !table.isFinished($0) && jobs[$0].ids.contains(id) }
  }

  /// Cancels the work of every child the state no longer holds, as a live store does.
  @inlinable
  mutating func checkPresence() {
    // Most models watch nothing: no copy of the world into the closures below.
    guard !watches.isEmpty else { return }
    var watches = self.watches
    watches.check(state, isRunning: isRunning, cancel: { cancel($0) })
    self.watches = watches
  }
}

extension ScheduleWorld: @MainActor EffectExecutor {
  @usableFromInline typealias Intent = M.Intent
  @usableFromInline typealias SideEffect = M.SideEffect

  @inlinable
  mutating func send(_ intent: M.Intent) { queue.append(intent) }
  /// A side effect goes to the View at once and changes no state: no order to explore.
  @inlinable
  mutating func emit(_ sideEffect: M.SideEffect) {}
  /// A misuse in a reduce: an intent sent to a child that is not there, and dropped.
  @usableFromInline
  mutating func warn(_ message: String) {
    if isReducingViewIntent { droppedViewIntent = true }
    report(.misuse, message)
  }

  /// Notes what went wrong in this schedule, as the live store (or, for work that did not
  /// finish, the explorer) would say it.
  @usableFromInline
  mutating func report(_ kind: ExplorationFailure.Kind, _ message: String) {
    let prefix = kind == .effectDidNotFinish ? "" : "The store would report: "
    problems.append((kind, prefix + message))
  }

  @inlinable
  mutating func start(_ work: EffectWork<M.Intent, M.SideEffect>, ids: [EffectID]) -> Int {
    add(
      Job(source: origin!, ids: ids, deliveries: [], work: work),
      JobSchedule(after: [], dues: []), awaitsWork: true)
  }

  @usableFromInline
  mutating func start(_ rest: ArraySlice<Work>, after started: [Int], ids: [EffectID]) -> Int {
    add(
      Job(
        source: origin!, ids: ids, deliveries: [Job.Delivery(intent: nil, rest: rest)], work: nil),
      JobSchedule(after: started, dues: [nil]), awaitsWork: false)
  }

  @inlinable
  mutating func add(_ job: Job, _ schedule: JobSchedule, awaitsWork: Bool) -> Int {
    jobs.append(job)
    table.add(schedule, awaitsWork: awaitsWork)
    return jobs.count - 1
  }

  @usableFromInline
  mutating func watch(_ presence: Presence) {
    _ = watches.add(presence, isRunning: isRunning)
  }
}
