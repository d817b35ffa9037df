import MVIKit

/// One schedule in progress: the model's state, how many of the scenario's intents were sent,
/// and the work of the effects, each job holding what it sent until the explorer picks it.
///
/// It carries out effects with the steps the live store's runner takes (``Effect``'s one
/// interpretation: the same cancellation by id, presence watches and concatenations), with one
/// difference: the work of a `.run` runs to its end once the effect's steps are taken, and what
/// it sends waits in its job. A value, so that the explorer branches by copying it.
@MainActor
struct ScheduleWorld<M: Model> {
  typealias Work = Effect<M.Intent, M.SideEffect>

  /// What a job holds until the explorer picks it: an intent its work sent, or (no intent)
  /// the rest of a concatenation, which runs once the steps before it have finished. Due at a
  /// time when it was sent after a sleep on an ``ExplorationClock``, or when the steps before
  /// it finished.
  struct Pending {
    var intent: M.Intent?
    var rest: ArraySlice<Work> = []
    var due: Duration?
  }

  /// What a step delivered, kept as values, the text made only for a report: the scenario's
  /// intent (no source), or an intent a job delivered (nil: the job's next step) with the
  /// intent whose reduce started the job.
  typealias Label = (source: M.Intent?, delivered: M.Intent?)

  static func text(_ label: Label) -> String {
    guard let source = label.source else { return "user: \(label.delivered!)" }
    return "effect of \(source): " + (label.delivered.map { "\($0)" } ?? "its next step")
  }

  /// The work that the live store runs in one task.
  struct Job {
    /// The intent whose reduce returned the job's work.
    let source: M.Intent
    let ids: [EffectID]
    /// The jobs that must finish first: the earlier step of a concatenation.
    let after: [Int]
    var pending: [Pending]
    /// When its work ended, if it slept on an ``ExplorationClock``.
    var finished: Duration?
    var isCancelled = false
    /// The work of a `.run`, until it has run.
    var work: EffectWork<M.Intent, M.SideEffect>?

    var isFinished: Bool { isCancelled || (work == nil && pending.isEmpty) }
  }

  /// What may happen next: the scenario's next intent, or the next delivery of a job.
  enum Choice: Hashable {
    case user
    case job(Int)
  }

  private(set) var state: M.State
  private(set) var sentIntents = 0
  /// How far the deliveries due at a time have moved the exploration's clock.
  private(set) var now: Duration = .zero
  private(set) var jobs: [Job] = []
  /// Each step taken, with the state after it.
  private(set) var trace: [(label: Label, state: M.State)] = []
  /// What the live store would report (errors no `catch:` handled, misuses), and work that
  /// did not finish.
  private(set) var problems: [(kind: ExplorationFailure.Kind, message: String)] = []
  /// How long one effect's work may run before the explorer abandons it.
  let timeout: Duration
  private var watches = PresenceWatches()
  /// While a step runs: the intent whose reduce returned the effect, and the intents its steps
  /// send, to be reduced in this step.
  private var origin: M.Intent?
  private var queue: [M.Intent] = []

  init(state: M.State, timeout: Duration) {
    self.state = state
    self.timeout = timeout
  }

  /// The choices open now, the user's first, then the jobs' in the order they started. Of
  /// the deliveries due at a time, only the earliest are open.
  func choices(scenarioCount: Int) -> [Choice] {
    let ready = jobs.indices.filter { !jobs[$0].isFinished && isOpen(jobs[$0]) }
    let earliest = ready.compactMap { jobs[$0].pending[0].due }.min()
    // A delivery with no time may come at any time; of those due at a time, the earliest.
    let open = ready.filter { (jobs[$0].pending[0].due ?? earliest) == earliest }
    return (sentIntents < scenarioCount ? [.user] : []) + open.map(Choice.job)
  }

  /// The steps, as a report shows them.
  var steps: [ExplorationStep] {
    trace.map { ExplorationStep(label: Self.text($0.label), state: String(describing: $0.state)) }
  }

  /// What decides the rest of a schedule: the state, the intents left to send and what is
  /// pending or held, whatever order the jobs started in; nil when the state is not
  /// `Hashable`. An intent counts by its hash where it is `Hashable`, else by its text.
  var signature: AnyHashable? {
    guard let state = state as? any Hashable else { return nil }
    var pending: [AnyHashable: Int] = [:]
    for job in jobs where !job.isFinished {
      let items = job.pending.map {
        [$0.intent.map(Self.intentKey) ?? AnyHashable("rest"), $0.due] as [AnyHashable]
      }
      pending[[isOpen(job), Self.intentKey(job.source), items] as [AnyHashable], default: 0] += 1
    }
    return AnyHashable([AnyHashable(state), sentIntents, now, pending] as [AnyHashable])
  }

  private static func intentKey(_ intent: M.Intent) -> AnyHashable {
    (intent as? any Hashable).map { AnyHashable($0) } ?? AnyHashable(String(describing: intent))
  }

  /// Whether the steps a job waits for have finished.
  private func isOpen(_ job: Job) -> Bool {
    job.after.allSatisfy { jobs[$0].isFinished }
  }

  /// Takes `choice`: reduces the intent it delivers, with everything that intent feeds back
  /// at once, and runs the effects, as one send of a live store does.
  mutating func take(_ choice: Choice, model: M, scenario: [M.Intent]) async {
    queue = []
    let label: Label
    switch choice {
    case .user:
      queue.append(scenario[sentIntents])
      label = (nil, scenario[sentIntents])
      sentIntents += 1
    case .job(let index):
      let source = jobs[index].source
      let item = jobs[index].pending.removeFirst()
      if let due = item.due { now = max(now, due) }
      label = (source, item.intent)
      if let intent = item.intent {
        queue.append(intent)
      } else {
        origin = source
        Work.interpret(item.rest, on: &self, ids: jobs[index].ids)
        await runStartedWork()
      }
    }
    reduceQueued(model: model)
    // The work starts as the live store's tasks do: its deliveries wait until the send's
    // synchronous steps are done (a later step may cancel it before it delivers anything).
    await runStartedWork()
    trace.append((label, state))
  }

  /// Reduces the step's intent and what it feeds back, under the live store's rule
  /// (``FeedbackDrain``): first in, first out, at most its limit of them.
  private mutating func reduceQueued(model: M) {
    var index = 0
    FeedbackDrain.drain(
      next: { () -> M.Intent? in
        guard index < queue.count else { return nil }
        index += 1
        return queue[index - 1]
      },
      isFedBack: { _ in index > 1 },
      reduce: { (intent: M.Intent) -> M.Intent? in
        let effect = model.reduce(&state, intent)
        checkPresence()
        origin = intent
        effect.interpret(on: &self)
        return nil
      },
      runaway: { intent in
        index = queue.count
        report(.misuse, FeedbackDrain.runawayWarning(intent))
      })
  }

  /// Runs the work of the jobs the last steps started, in the order they started, and dates
  /// the rest of each concatenation by when the steps before it finished.
  private mutating func runStartedWork() async {
    for index in jobs.indices {
      guard let work = jobs[index].work else { continue }
      jobs[index].work = nil
      // Cancelled by a later step of the same effect before its task could deliver anything.
      guard !jobs[index].isCancelled else { continue }
      let run = await ExploredRun(work, now: now, timeout: timeout)
      let origin = jobs[index].source
      if !run.didFinish {
        report(
          .effectDidNotFinish,
          "The effect of \(origin) did not finish within \(timeout) and was abandoned. The "
            + "explorer runs each effect to its end: give the model dependencies that return, "
            + "and an ExplorationClock for its sleeps.")
      } else if let error = run.error {
        report(
          .effectError,
          "An effect of \(origin) threw an error that no catch: handler handled: \(error)")
      }
      jobs[index].pending = run.intents.map { Pending(intent: $0.intent, due: $0.due) }
      jobs[index].finished = run.time.deadline
    }
    for index in jobs.indices where !jobs[index].after.isEmpty {
      guard let first = jobs[index].pending.first, first.intent == nil, first.due == nil
      else { continue }
      jobs[index].pending[0].due = jobs[index].after.compactMap { jobs[$0].finished }.max()
    }
  }

  /// Drops what the jobs running under `id` have not delivered yet, as a live store cancels
  /// their tasks.
  mutating func cancel(_ id: EffectID) {
    for index in jobs.indices where jobs[index].ids.contains(id) { jobs[index].isCancelled = true }
  }

  private func isRunning(_ id: EffectID) -> Bool {
    jobs.contains { !$0.isFinished && $0.ids.contains(id) }
  }

  /// Cancels the work of every child the state no longer holds, as a live store does.
  private mutating func checkPresence() {
    // Most models watch nothing: no copy of the world into the closures below.
    guard !watches.isEmpty else { return }
    var watches = self.watches
    watches.check(state, isRunning: isRunning, cancel: { cancel($0) })
    self.watches = watches
  }
}

extension ScheduleWorld: @MainActor EffectExecutor {
  typealias Intent = M.Intent
  typealias SideEffect = M.SideEffect

  mutating func send(_ intent: M.Intent) { queue.append(intent) }
  /// A side effect goes to the View at once and changes no state: no order to explore.
  mutating func emit(_ sideEffect: M.SideEffect) {}
  mutating func warn(_ message: String) { report(.misuse, message) }

  /// Notes what went wrong in this schedule, as the live store (or, for work that did not
  /// finish, the explorer) would say it.
  private mutating func report(_ kind: ExplorationFailure.Kind, _ message: String) {
    let prefix = kind == .effectDidNotFinish ? "" : "The store would report: "
    problems.append((kind, prefix + message))
  }

  mutating func start(_ work: EffectWork<M.Intent, M.SideEffect>, ids: [EffectID]) -> Int {
    jobs.append(Job(source: origin ?? queue[0], ids: ids, after: [], pending: [], work: work))
    return jobs.count - 1
  }

  mutating func start(_ rest: ArraySlice<Work>, after started: [Int], ids: [EffectID]) -> Int {
    jobs.append(
      Job(source: origin ?? queue[0], ids: ids, after: started, pending: [Pending(rest: rest)]))
    return jobs.count - 1
  }

  mutating func watch(_ presence: Presence) {
    _ = watches.add(presence, isRunning: isRunning)
  }
}
