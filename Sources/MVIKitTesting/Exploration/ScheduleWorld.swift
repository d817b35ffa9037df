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

  /// What a job holds until the explorer picks it.
  enum Pending {
    /// An intent the job's work sent; due at a time when it was sent after a sleep on an
    /// ``ExplorationClock``.
    case intent(M.Intent, due: Duration?)
    /// The rest of a concatenation, which runs once the steps before it have finished.
    case rest(ArraySlice<Work>, due: Duration?)

    var due: Duration? {
      switch self {
      case .intent(_, let due), .rest(_, let due): due
      }
    }
  }

  /// What a step delivered, kept as values: the text is made only for a report.
  enum Label {
    case user(M.Intent)
    /// An intent a job delivered, with the intent whose reduce started the job.
    case delivered(source: M.Intent, M.Intent)
    case nextStep(source: M.Intent)

    var text: String {
      switch self {
      case .user(let intent): "user: \(intent)"
      case .delivered(let source, let intent): "effect of \(source): \(intent)"
      case .nextStep(let source): "effect of \(source): its next step"
      }
    }
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
  /// What the live store would report: errors no `catch:` handled, misuses.
  private(set) var problems: [String] = []
  private var watches: [EffectID: Presence] = [:]
  /// While a step runs: the intent whose reduce returned the effect, and the intents its steps
  /// send, to be reduced in this step.
  private var origin: M.Intent?
  private var queue: [M.Intent] = []

  init(state: M.State) {
    self.state = state
  }

  /// The choices open now, the user's first, then the jobs' in the order they started. Of
  /// the deliveries due at a time, only the earliest are open.
  func choices(scenarioCount: Int) -> [Choice] {
    let ready = jobs.indices.filter { index in
      !jobs[index].isFinished && jobs[index].after.allSatisfy { jobs[$0].isFinished }
    }
    let earliest = ready.compactMap { jobs[$0].pending[0].due }.min()
    let open = ready.filter { index in
      jobs[index].pending[0].due.map { $0 == earliest } ?? true
    }
    return (sentIntents < scenarioCount ? [.user] : []) + open.map(Choice.job)
  }

  /// The steps, as a report shows them.
  var steps: [ExplorationStep] {
    trace.map { ExplorationStep(label: $0.label.text, state: String(describing: $0.state)) }
  }

  /// What is pending or held, whatever order the jobs started in: with the state and the
  /// intents left to send, it decides the rest of a schedule.
  var pendingSignature: [AnyHashable: Int] {
    var counts: [AnyHashable: Int] = [:]
    for job in jobs where !job.isFinished {
      let isOpen = job.after.allSatisfy { jobs[$0].isFinished }
      let parts: [AnyHashable] = [
        isOpen, Self.intentKey(job.source), job.pending.map(Self.pendingKey),
      ]
      counts[parts, default: 0] += 1
    }
    return counts
  }

  /// A pending item by value: an intent by its hash where it is `Hashable`, else by its text.
  private static func pendingKey(_ pending: Pending) -> AnyHashable {
    let parts: [AnyHashable] =
      switch pending {
      case .intent(let intent, let due): [intentKey(intent), due]
      case .rest(_, let due): ["rest", due]
      }
    return AnyHashable(parts)
  }

  private static func intentKey(_ intent: M.Intent) -> AnyHashable {
    if let hashable = intent as? any Hashable { return AnyHashable(hashable) }
    return AnyHashable(String(describing: intent))
  }

  /// Takes `choice`: reduces the intent it delivers, with everything that intent feeds back
  /// at once, and runs the effects, as one send of a live store does.
  mutating func take(_ choice: Choice, model: M, scenario: [M.Intent]) async {
    queue = []
    let label: Label
    switch choice {
    case .user:
      queue.append(scenario[sentIntents])
      label = .user(scenario[sentIntents])
      sentIntents += 1
    case .job(let index):
      let source = jobs[index].source
      let item = jobs[index].pending.removeFirst()
      if let due = item.due { now = max(now, due) }
      switch item {
      case .intent(let intent, _):
        queue.append(intent)
        label = .delivered(source: source, intent)
      case .rest(let rest, _):
        label = .nextStep(source: source)
        origin = source
        Work.interpret(rest, on: &self, ids: jobs[index].ids)
        await runStartedWork()
      }
    }
    var index = 0
    // Bounded, so that a model that feeds itself forever fails instead of hanging.
    while index < queue.count, index < 10_000 {
      let intent = queue[index]
      index += 1
      let effect = model.reduce(&state, intent)
      checkPresence()
      origin = intent
      effect.interpret(on: &self)
      await runStartedWork()
    }
    if index < queue.count { problems.append("\(label.text) fed back more than 10,000 intents.") }
    trace.append((label, state))
  }

  /// Runs the work of the jobs the last steps started, in the order they started, and dates
  /// the rest of each concatenation by when the steps before it finished.
  private mutating func runStartedWork() async {
    for index in jobs.indices {
      guard let work = jobs[index].work else { continue }
      jobs[index].work = nil
      // Cancelled by a later step of the same effect before its task could deliver anything.
      guard !jobs[index].isCancelled else { continue }
      let sent = await Self.runToEnd(work.body, catch: work.handler, now: now)
      if let error = sent.error {
        let origin = jobs[index].source
        problems.append(
          error is EffectOverran
            ? "An effect of \(origin) did not finish: \(error)"
            : "An effect of \(origin) threw an error that no catch: handler handled: \(error)")
      }
      jobs[index].pending = sent.intents
      jobs[index].finished = sent.finished
    }
    for index in jobs.indices where !jobs[index].after.isEmpty {
      guard case .rest(let rest, nil)? = jobs[index].pending.first else { continue }
      let due = jobs[index].after.compactMap { jobs[$0].finished }.max()
      jobs[index].pending[0] = .rest(rest, due: due)
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

  /// Cancels the work of every child the state no longer holds.
  private mutating func checkPresence() {
    for (id, presence) in watches {
      if !presence.isPresent(state) {
        cancel(id)
        watches[id] = nil
      } else if !isRunning(id) {
        watches[id] = nil
      }
    }
  }

  /// Runs the work of a `.run` to its end and returns what it sent, in order, and the error
  /// it threw if no handler took it. Cancellation is not an error, as in a live store.
  private static func runToEnd(
    _ body: @Sendable (Send<M.Intent, M.SideEffect>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<M.Intent, M.SideEffect>) async -> Void)?,
    now: Duration
  ) async -> (intents: [Pending], error: (any Error)?, finished: Duration?) {
    let time = EffectTime(now: now)
    let sent = SentIntents<M.Intent>(time: time)
    let send = Send<M.Intent, M.SideEffect> { event in sent.receive(event) }
    EffectWatchdog.current?.effectStarted()
    await EffectTime.$current.withValue(time) {
      do {
        try await body(send)
      } catch is CancellationError {
      } catch {
        if let handler { await handler(error, send) } else { sent.error = error }
      }
    }
    EffectWatchdog.current?.effectEnded()
    if Task.isCancelled, let watchdog = EffectWatchdog.current {
      sent.error = EffectOverran(timeout: watchdog.timeout)
    }
    return (sent.intents.map { Pending.intent($0.intent, due: $0.due) }, sent.error, time.deadline)
  }
}

/// An effect that ran past the explorer's timeout, and was cancelled.
struct EffectOverran: Error, CustomStringConvertible {
  let timeout: Duration

  var description: String {
    "it ran for more than \(timeout) and was stopped. The explorer runs each effect to its "
      + "end: give the model dependencies that return, and an ExplorationClock for its sleeps."
  }
}

/// What a `.run` sent while the explorer ran it.
@MainActor
private final class SentIntents<Intent: Sendable> {
  let time: EffectTime
  var intents: [(intent: Intent, due: Duration?)] = []
  var error: (any Error)?

  init(time: EffectTime) {
    self.time = time
  }

  func receive<SideEffect>(_ event: EffectEvent<Intent, SideEffect>) {
    switch event {
    case .intent(let intent): intents.append((intent, time.deadline))
    case .sideEffect: break
    case .error(let error): self.error = error
    }
  }
}

extension ScheduleWorld: @MainActor EffectExecutor {
  typealias Intent = M.Intent
  typealias SideEffect = M.SideEffect

  mutating func send(_ intent: M.Intent) { queue.append(intent) }
  /// A side effect goes to the View at once and changes no state: no order to explore.
  mutating func emit(_ sideEffect: M.SideEffect) {}
  mutating func warn(_ message: String) { problems.append(message) }

  mutating func start(_ work: EffectWork<M.Intent, M.SideEffect>, ids: [EffectID]) -> Int {
    jobs.append(Job(source: origin ?? queue[0], ids: ids, after: [], pending: [], work: work))
    return jobs.count - 1
  }

  mutating func start(_ rest: ArraySlice<Work>, after started: [Int], ids: [EffectID]) -> Int {
    jobs.append(
      Job(source: origin ?? queue[0], ids: ids, after: started, pending: [.rest(rest, due: nil)]))
    return jobs.count - 1
  }

  mutating func watch(_ presence: Presence) {
    if isRunning(presence.id) { watches[presence.id] = presence }
  }
}
